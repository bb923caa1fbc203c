"""The games: one package each, built only on :mod:`boardgames.kernel`."""
