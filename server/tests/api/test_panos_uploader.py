"""A version says who uploaded it: the person's id and current name, so the console can show it
without reading persons; versions installed by code, and uploaders whose account is gone, answer
empty strings."""

from __future__ import annotations

import httpx

from tests.api.test_panos_upload import make_pano, tour_zip, upload
from tests.factories import bearer, grant_admin, make_customer, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.panoramas.service import import_tour


async def test_versions_name_their_uploader(client: httpx.AsyncClient, services: Services) -> None:
    customer = await make_customer(services)
    pano = await make_pano(services, customer)
    async with services.db.session() as session:
        await import_tour(session, services, pano, tour_zip())
    person = await make_person(services, first_name="Grace", last_name="Hopper")
    await grant_admin(services, person, AdminType.CUSTOMER, customer_id=customer.id)
    headers = bearer(await token_for(services, person))

    answer = await upload(client, pano, headers, tour_zip())
    assert answer.status_code == 201, answer.text
    assert (answer.json()["UploadedBy"], answer.json()["UploadedByName"]) == (
        person.id,
        "Grace Hopper",
    )

    listed = await client.get(f"/panos/{pano.id}", headers=headers)
    versions = listed.json()["Versions"]
    assert [(v["Version"], v["UploadedBy"], v["UploadedByName"]) for v in versions] == [
        (1, "", ""),
        (2, person.id, "Grace Hopper"),
    ]

    # The panovars answer is the same version shape.
    vars_answer = await client.put(
        f"/panos/{pano.id}/versions/2/panovars", headers=headers, json={"Var_A": "1"}
    )
    assert vars_answer.json()["UploadedByName"] == "Grace Hopper"


async def test_a_gone_uploader_keeps_the_id_without_a_name(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    pano = await make_pano(services, customer)
    uploader = await make_person(services)
    await grant_admin(services, uploader, AdminType.CUSTOMER, customer_id=customer.id)
    answer = await upload(client, pano, bearer(await token_for(services, uploader)), tour_zip())
    assert answer.status_code == 201, answer.text
    async with services.db.session() as session:
        await session.delete(await session.get_one(Person, uploader.id))
        await session.commit()

    reader = await make_person(services)
    await grant_admin(services, reader, AdminType.CUSTOMER, customer_id=customer.id)
    headers = bearer(await token_for(services, reader))
    listed = await client.get(f"/panos/{pano.id}", headers=headers)
    [version] = listed.json()["Versions"]
    assert (version["UploadedBy"], version["UploadedByName"]) == (uploader.id, "")
