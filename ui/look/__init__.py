"""How the game looks: palette, fonts and characters, text pictures, tile art, the table's layout."""
