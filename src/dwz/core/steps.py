"""Compatibility: :mod:`dwz.basics.steps` is where these live now (the bottom floor, issue 10).

Kept so that code written against ``dwz.core.steps`` keeps working; new code imports
``dwz.basics.steps``.
"""

from dwz.basics.steps import (
    Explained,
    Step,
    WithCoefficient,
    render_steps,
)

__all__ = ["Explained", "Step", "WithCoefficient", "render_steps"]
