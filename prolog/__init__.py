"""The Prolog files of Prolog Arena (games, searches, the bot host, example
bots), installed as the package data of ``pybridge.prolog``."""
