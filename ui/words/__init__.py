"""Every word the client shows, in Chinese and English."""
