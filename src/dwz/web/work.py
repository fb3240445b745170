"""Engine work off the event loop, a few requests at a time.

The engine is CPU-bound.  A request with a handful of games costs well under a
millisecond and is computed right away (a thread hop would cost more than it
saves); one with more games or opponents than :data:`INLINE` — up to the
request models' bounds, ``MAX_GAMES`` — runs in a worker thread, and at most
:data:`HEAVY_THREADS` such jobs run at once per worker process (the others
wait their turn), so heavy requests can neither stall the event loop for the
trivial ones nor pile up threads and memory.  Tournament uploads always take
this path.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

__all__ = ["HEAVY_THREADS", "INLINE", "compute", "worded"]

T = TypeVar("T")

INLINE = 20  # games + opponents a request may hand the engine and still be computed on the event loop
HEAVY_THREADS = 1  # engine jobs in threads at once: the GIL runs one at a time anyway, and a second
# thread only takes the GIL from the event loop more often

_limiters: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, anyio.CapacityLimiter] = weakref.WeakKeyDictionary()


def _limiter() -> anyio.CapacityLimiter:
    loop = asyncio.get_running_loop()
    limiter = _limiters.get(loop)
    if limiter is None:  # one per event loop: a limiter belongs to the loop it was made in
        limiter = _limiters[loop] = anyio.CapacityLimiter(HEAVY_THREADS)
    return limiter


def worded(fn: Callable[[], T], where: str) -> Callable[[], T]:
    """``fn`` with its texts worded for ``where`` ("api", "web": :func:`dwz.i18n.wording`), in
    whichever thread it runs."""
    from dwz.i18n import wording

    def call() -> T:
        with wording(where):
            return fn()

    return call


async def compute(fn: Callable[[], T], work: int) -> T:
    """``fn()``: inline when ``work`` (games and opponents) is small, else in a bounded worker thread."""
    if work <= INLINE:
        return fn()
    return await anyio.to_thread.run_sync(fn, limiter=_limiter())
