"""The menus: main menu, new game, settings, rules and statistics screens."""
