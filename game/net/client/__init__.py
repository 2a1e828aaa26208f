"""A player's side of a network table: the connection, the thread beside the frame loop, kept seats."""
