"""The score calculator (算分器): a real table's hand entered seat by seat, checked and settled."""
