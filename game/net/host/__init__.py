"""The host's side of a network table: the referee's table, its server, and how it starts."""
