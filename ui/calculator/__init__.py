"""The score calculator screen (算分器): a real table's hand entered by clicks or typing, and settled."""
