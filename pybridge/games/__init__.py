"""Games: the Game and State API over an engine, options, game files and the
files they load, conformance, analysis and move notation."""
