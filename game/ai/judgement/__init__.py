"""What the levels weigh a decision by: a seat's view, tile efficiency, value, defence, reading the table."""
