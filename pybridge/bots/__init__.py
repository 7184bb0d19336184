"""Bots: untrusted bot files in host processes of their own, their limits,
warm saved states, and the trial games of check-bot."""
