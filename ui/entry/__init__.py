"""The client's ways in: the play and learn commands, and the network windows."""
