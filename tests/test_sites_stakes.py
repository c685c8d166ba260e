"""``Stakes`` keeps what it offered as a frozen dataclass: the reference below is that dataclass
as it was written (``pyeval.history.sites.model`` before it became a plain class compiled with
the readers), and each property is checked side by side on the same fields."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyeval.history.sites.model import ZERO, Stakes


@dataclasses.dataclass(frozen=True, slots=True)
class ReferenceStakes:
    small_blind: Decimal = ZERO
    big_blind: Decimal = ZERO
    ante: Decimal = ZERO
    ante_kind: str = ""
    bring_in: Decimal = ZERO
    small_bet: Decimal = ZERO
    big_bet: Decimal = ZERO
    straddles: tuple[Decimal, ...] = ()
    level: str = ""


FIELDS = ("small_blind", "big_blind", "ante", "ante_kind", "bring_in", "small_bet", "big_bet", "straddles", "level")
# the same amounts in several exponents ("1", "1.0", "1.00") and zero
money = st.sampled_from([Decimal(x) for x in ("0", "0.00", "0.01", "0.05", "0.10", "0.1", "1", "1.0", "2", "25",
                                              "1E+2", "100", "0.25", "1500")])
fields = st.fixed_dictionaries({}, optional={
    "small_blind": money, "big_blind": money, "ante": money, "ante_kind": st.sampled_from(["", "classic", "big-blind"]),
    "bring_in": money, "small_bet": money, "big_bet": money, "straddles": st.lists(money, max_size=3).map(tuple),
    "level": st.sampled_from(["", "IV", "12"])})


@given(fields)
def test_stakes_read_write_and_print_as_the_dataclass_did(kw):
    stakes, reference = Stakes(**kw), ReferenceStakes(**kw)
    assert repr(stakes) == repr(reference).replace("ReferenceStakes(", "Stakes(")
    assert tuple(getattr(stakes, f) for f in FIELDS) == dataclasses.astuple(reference)
    positional = Stakes(*(getattr(reference, f) for f in FIELDS))
    assert positional == stakes and hash(positional) == hash(stakes)
    for again in (pickle.loads(pickle.dumps(stakes)), copy.copy(stakes), copy.deepcopy(stakes)):
        assert type(again) is Stakes and again == stakes and repr(again) == repr(stakes)


@given(fields, fields)
def test_stakes_equal_and_hash_by_value_as_the_dataclass_did(a, b):
    """Equal by their fields' values (Decimal("1") == Decimal("1.00")), hashable alike."""
    assert (Stakes(**a) == Stakes(**b)) == (ReferenceStakes(**a) == ReferenceStakes(**b))
    assert (Stakes(**a) != Stakes(**b)) == (ReferenceStakes(**a) != ReferenceStakes(**b))
    if Stakes(**a) == Stakes(**b):
        assert hash(Stakes(**a)) == hash(Stakes(**b))
    assert hash(Stakes(**a)) == hash(ReferenceStakes(**a))  # both hash the tuple of the fields


def test_stakes_are_immutable_and_have_no_other_attribute():
    stakes = Stakes(small_blind=Decimal("0.05"), big_blind=Decimal("0.10"))
    for name in FIELDS:
        with pytest.raises(dataclasses.FrozenInstanceError, match=name):
            setattr(stakes, name, getattr(stakes, name))
        with pytest.raises(dataclasses.FrozenInstanceError, match=name):
            delattr(stakes, name)
    with pytest.raises(AttributeError):
        stakes.nickname = "x"  # type: ignore[attr-defined]
    assert stakes == Stakes(small_blind=Decimal("0.05"), big_blind=Decimal("0.1"))
    assert stakes != (Decimal("0.05"), Decimal("0.10")) and stakes != ReferenceStakes(Decimal("0.05"), Decimal("0.10"))
    assert Stakes() == Stakes(ZERO, ZERO, ZERO, "", ZERO, ZERO, ZERO, (), "")
    assert {stakes: 1}[Stakes(Decimal("0.050"), Decimal("0.1"))] == 1


def test_stakes_refuse_a_wrong_number_of_fields_as_the_dataclass_did():
    with pytest.raises(TypeError):
        Stakes(*([ZERO] * 10))  # type: ignore[misc]
    with pytest.raises(TypeError):
        Stakes(blinds=ZERO)  # type: ignore[call-arg]


@pytest.mark.parametrize("kw, text, unit", [
    ({"small_blind": Decimal("0.05"), "big_blind": Decimal("0.10")}, "0.05/0.10", Decimal("0.10")),
    ({"small_blind": Decimal("1"), "big_blind": Decimal("2.0"), "ante": Decimal("0.5")}, "1/2 ante 0.50", Decimal("2")),
    ({"small_blind": Decimal("100"), "big_blind": Decimal("200"), "ante": Decimal("200"), "ante_kind": "big-blind",
      "level": "V"}, "level V 100/200 ante 200 (big blind)", Decimal("200")),
    ({"small_bet": Decimal("2"), "big_bet": Decimal("4"), "bring_in": Decimal("0.5")}, "2/4", Decimal("2")),
    ({"bring_in": Decimal("0.25"), "ante": Decimal("0.05")}, "bring-in 0.25 ante 0.05", Decimal("0.25")),
    ({"ante": Decimal("1E+2")}, "bring-in 0 ante 100", Decimal("100")),
])
def test_stakes_name_and_unit(kw, text, unit):
    """How ``.by("stakes")`` names them, and the big blind results are counted in."""
    assert str(Stakes(**kw)) == text and Stakes(**kw).unit == unit
