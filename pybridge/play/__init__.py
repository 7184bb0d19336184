"""Play: one refereed game between two seats, and the players that sit in them."""
