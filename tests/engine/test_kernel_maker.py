"""The kernel's positional KResult constructor makes what the keyword constructor makes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dwz.core import kernel
from dwz.core.kernel import KResult

NAMES = ("status", "old_rating", "old_index", "coeff_index", "wh", "n", "we", "coefficient", "rc", "perf", "sonder", "new_rating",
         "new_index")


@given(st.tuples(st.sampled_from(["established", "foreign"]), *(st.none() | st.integers(-5000, 5000) for _ in NAMES[1:6]),
                 st.none() | st.floats(allow_nan=False), *(st.none() | st.integers(-5000, 5000) for _ in NAMES[7:])))
def test_established_result_equals_keywords(values: tuple[object, ...]) -> None:
    made = kernel._established_result(*values)
    assert type(made) is KResult
    assert made == KResult(**dict(zip(NAMES, values, strict=True)))  # type: ignore[arg-type]
    assert len(made) == len(KResult._fields)
