"""Widgets and pictures every screen draws with: buttons, dialogs, menu controls, the felt, text blocks."""
