"""Game-agnostic machinery: the contract, chance, boards, pools, turns, JSON.

The kernel imports no game.
"""
