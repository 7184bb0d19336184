"""Values below the engine and the games: a game file's reference (its path,
content, dialect and config), the files it loads, and game options."""
