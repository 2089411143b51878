"""Fast search cores: each game's deal in small ints and bit masks, for the bots' playouts."""
