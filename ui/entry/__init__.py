"""The client's ways in: the play and learn commands, the network windows, screenshots and frame benchmarks."""
