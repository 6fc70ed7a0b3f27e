from venuely.core.ids import NULL_ID, is_valid_id, new_id


def test_ids_are_24_lowercase_hex() -> None:
    value = new_id()
    assert is_valid_id(value)
    assert not is_valid_id(value.upper())
    assert NULL_ID == "0" * 24


def test_ids_strictly_increase_within_a_process() -> None:
    ids = [new_id() for _ in range(5000)]
    assert ids == sorted(ids)
    assert len(set(ids)) == len(ids)


def test_ids_lead_with_their_creation_second() -> None:
    assert new_id(now=1_800_000_000).startswith(f"{1_800_000_000:08x}")
