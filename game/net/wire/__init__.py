"""What crosses the network: the message schema, each seat's view, limits, room codes, discovery, TLS."""
