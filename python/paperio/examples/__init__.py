"""Worked examples: behaviour cloning from a self-play dataset (bc)."""
