"""The two kinds of host process and what they share: a game file's game
host (``prolog/gamehost.pl``), which runs the file's rules, and a bot's
bot host (``prolog/bots/host.pl``); the saved state both start from, their
limits, command lines and replies."""
