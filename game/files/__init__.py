"""The player's files and the shipped ones: bounded reads, atomic writes, safe names, YAML, folders."""
