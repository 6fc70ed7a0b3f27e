"""A project's pictures: uploaded as a multipart `file`, re-encoded with a thumbnail both served
publicly by hash; files that are not images refused with nothing stored; at most six, also
through the vfiles routes; the author's new picture sends an approved project back to the
queue; removing one."""

from __future__ import annotations

import io

import httpx
from PIL import Image

from tests.api.walloffame_support import Wall, png, wall
from venuely.files.models import StoredFile
from venuely.vfiles.models import VFile
from venuely.walloffame.models import MAX_PICTURES

__all__ = ["wall"]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


async def test_a_picture_is_stored_with_a_thumbnail(wall: Wall) -> None:
    project = await wall.submit("ada")
    uploaded = await wall.upload(project, data=png(size=(1200, 800)))
    assert uploaded.status_code == 201, uploaded.text
    picture = uploaded.json()
    assert set(picture) == {"VFileID", "URL", "ThumbnailURL"}
    assert picture["URL"].startswith("/api/v1/files/")
    assert picture["ThumbnailURL"].startswith("/api/v1/files/")
    # Served without a token, as an <img> asks for them; the thumbnail at most 320 px a side.
    public = httpx.AsyncClient(transport=wall.client._transport, base_url="http://venuely.test")
    full = await public.get(picture["URL"])
    small = await public.get(picture["ThumbnailURL"])
    assert full.status_code == small.status_code == 200
    with Image.open(io.BytesIO(small.content)) as thumb:
        assert max(thumb.size) == 320
    listed = (await wall.get(project, "ada")).json()["Pictures"]
    assert listed == [picture]
    # It is a vfile of the project like any other.
    vfile = await wall.client.get(
        f"/events/{wall.event.id}/vfiles/{picture['VFileID']}", headers=wall.h("ada")
    )
    assert (vfile.json()["EntityType"], vfile.json()["EntityID"]) == ("WallOfFame", project["ID"])
    assert vfile.json()["MimeType"] == "image/png"


async def test_files_that_are_not_images_are_refused(wall: Wall) -> None:
    project = await wall.submit("ada")
    before = (await wall.count(VFile), await wall.count(StoredFile))
    not_image = await wall.upload(project, data=b"%PDF-1.4\nnot a picture\n%%EOF\n")
    assert not_image.status_code == 415
    assert not_image.json()["Error"]["Code"] == "UNSUPPORTED_MEDIA_TYPE"
    html = await wall.upload(project, data=b"<html><script>alert(1)</script></html>")
    assert html.status_code == 415
    broken = await wall.upload(project, data=PNG_SIGNATURE + b"\x00" * 64)
    assert broken.status_code == 422
    assert broken.json()["Error"]["Code"] == "INVALID_FILE"
    assert (await wall.count(VFile), await wall.count(StoredFile)) == before
    assert (await wall.get(project, "ada")).json()["Pictures"] == []


async def test_at_most_six_pictures_also_through_vfiles(wall: Wall) -> None:
    project = await wall.submit("ada")
    for n in range(MAX_PICTURES - 1):
        assert (await wall.upload(project, data=png((n * 40, 10, 10)))).status_code == 201
    # The sixth through the vfiles routes: it counts the same.
    attach = {"EntityType": "WallOfFame", "EntityID": project["ID"], "FileType": "File"}
    vfiles = f"/events/{wall.event.id}/vfiles"
    sixth = await wall.client.post(vfiles, json=attach, headers=wall.h("ada"))
    assert sixth.status_code == 201, sixth.text
    for who in ("ada", "olivia"):
        refused = await wall.upload(project, who)
        assert refused.status_code == 409, who
        assert refused.json()["Error"]["Code"] == "WALLOFFAME_TOO_MANY_PICTURES"
        assert refused.json()["Error"]["Data"] == {"ProjectID": project["ID"], "MaxPictures": 6}
    again = await wall.client.post(vfiles, json=attach, headers=wall.h("olivia"))
    assert again.status_code == 409
    assert await wall.count(VFile) == MAX_PICTURES
    # Removing one makes room.
    first = (await wall.get(project, "ada")).json()["Pictures"][0]["VFileID"]
    removed = await wall.call("DELETE", f"/projects/{project['ID']}/pictures/{first}", "ada")
    assert removed.status_code == 204
    assert (await wall.upload(project)).status_code == 201


async def test_the_authors_new_picture_is_reviewed_like_an_edit(wall: Wall) -> None:
    project = await wall.approved("ada")
    wall.hub.published.clear()
    assert (await wall.upload(project)).status_code == 201
    assert (await wall.get(project, "ada")).json()["State"] == "pending"
    assert {n.payload["State"] for n in wall.notices()} == {"pending"}
    # The same through the vfiles routes, after an organizer approved it again.
    await wall.act(project, "approve")
    link = {
        "EntityType": "WallOfFame",
        "EntityID": project["ID"],
        "FileType": "URL",
        "URL": "https://example.org/demo.mp4",
    }
    made = await wall.client.post(
        f"/events/{wall.event.id}/vfiles", json=link, headers=wall.h("ada")
    )
    assert made.status_code == 201
    assert (await wall.get(project, "ada")).json()["State"] == "pending"
    # An organizer's picture is no new submission; removing one is no new content.
    await wall.act(project, "approve")
    assert (await wall.upload(project, "olivia")).status_code == 201
    first = (await wall.get(project, "ada")).json()["Pictures"][0]["VFileID"]
    await wall.call("DELETE", f"/projects/{project['ID']}/pictures/{first}", "ada")
    assert (await wall.get(project, "ada")).json()["State"] == "approved"


async def test_pictures_of_another_persons_project(wall: Wall) -> None:
    pending = await wall.submit("ada")
    assert (await wall.upload(pending, "bob")).status_code == 404
    approved = await wall.approved("ada", Title="Shown")
    assert (await wall.upload(approved, "bob")).status_code == 403
    own = (await wall.upload(approved, "ada")).json()["VFileID"]
    await wall.act(approved, "approve")  # the new picture sent it back to the queue
    bobs = await wall.call("DELETE", f"/projects/{approved['ID']}/pictures/{own}", "bob")
    assert bobs.status_code == 403
    # A vfile that is not this project's picture is not found here.
    mine = await wall.submit("bob")
    other = await wall.call("DELETE", f"/projects/{mine['ID']}/pictures/{own}", "bob")
    assert other.status_code == 404
    assert other.json()["Error"]["Code"] == "VFILE_NOT_FOUND"
    assert await wall.count(VFile) == 1
