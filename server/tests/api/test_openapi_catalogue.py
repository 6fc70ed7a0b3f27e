"""Every call of the spec is in the OpenAPI document, with its real request and response schemas.

The table transcribes admin-api.md §7 (paths there are relative to `/api/v1`) and the data calls
of attendee-app.md §7, parameter names spelled as the spec spells them. Each operation must be in
`/api/v1/openapi.json`, declare a request body where the spec gives it one, and declare a typed
2xx response (or a bodiless 204). Separately, no operation in the document may answer 2xx with a
bare `{}` schema: an untyped success tells a client nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import TEST_SECRET
from venuely.app import create_app
from venuely.settings import Environment, Settings

BODY = True

# (method, path relative to /api/v1, takes a body per the spec)
ADMIN_API: list[tuple[str, str, bool]] = [
    # Activities (under /events/{EventID}/activities)
    ("GET", "/events/{EventID}/activities", False),
    ("POST", "/events/{EventID}/activities", BODY),
    ("GET", "/events/{EventID}/activities/count", False),
    ("GET", "/events/{EventID}/activities/activepolls", False),
    ("GET", "/events/{EventID}/activities/activitiesbyrelation", False),
    ("GET", "/events/{EventID}/activities/{ActivityID}", False),
    ("PUT", "/events/{EventID}/activities/{ActivityID}", BODY),
    ("DELETE", "/events/{EventID}/activities/{ActivityID}", False),
    ("POST", "/events/{EventID}/activities/{ActivityID}/createzoommeeting", False),
    ("DELETE", "/events/{EventID}/activities/{ActivityID}/deletemeeting", False),
    ("POST", "/events/{EventID}/activities/{ActivityID}/sync", False),
    ("GET", "/events/{EventID}/activities/{ActivityID}/values/{Key}", False),
    ("POST", "/events/{EventID}/activities/{ActivityID}/values/{Key}", BODY),
    ("GET", "/events/{EventID}/activities/chatrooms/attendees/{AttendeeID}", False),
    ("GET", "/events/{EventID}/activities/chatrooms/{ChatroomID}", False),
    ("DELETE", "/events/{EventID}/activities/chatrooms/{ChatroomID}", False),
    ("POST", "/events/{EventID}/activitiesDUMMY", BODY),
    # Admins
    ("GET", "/admins", False),
    ("POST", "/admins", BODY),
    ("GET", "/admins/{AdminID}", False),
    ("PUT", "/admins/{AdminID}", BODY),
    ("DELETE", "/admins/{AdminID}", False),
    ("POST", "/admins/{AdminID}/sendnewadmininfomail", False),
    ("GET", "/admins/getiscustomerormasteradmin", False),
    ("GET", "/admins/getiscustomerormasteradminfromeventid", False),
    ("GET", "/admins/getiseventorcustomerormasteradmin", False),
    ("GET", "/admins/getismasteradmin", False),
    ("GET", "/admins/listadmins/{AdminType}", False),
    # Authentication and realtime token
    ("POST", "/amvproto/authenticate", False),
    # Chat messages
    ("GET", "/events/{EventID}/chat-rooms/{ChatroomID}/chat-messages", False),
    ("POST", "/events/{EventID}/chat-rooms/{ChatroomID}/chat-messages", BODY),
    ("GET", "/events/{EventID}/chat-rooms/{ChatroomID}/chat-messages/count", False),
    ("GET", "/events/{EventID}/chat-rooms/{ChatroomID}/chat-messages/chronologically", False),
    ("GET", "/events/{EventID}/chat-rooms/{ChatroomID}/chat-messages/{ChatMessageID}", False),
    ("PUT", "/events/{EventID}/chat-rooms/{ChatroomID}/chat-messages/{ChatMessageID}", BODY),
    ("DELETE", "/events/{EventID}/chat-rooms/{ChatroomID}/chat-messages/{ChatMessageID}", False),
    # Chat person status
    ("GET", "/events/{EventID}/chat-rooms/{ChatroomID}/chatpersonstatus", False),
    ("PUT", "/events/{EventID}/chat-rooms/{ChatroomID}/chatpersonstatus", False),
    ("DELETE", "/events/{EventID}/chat-rooms/{ChatroomID}/chatpersonstatus", False),
    # Virtual tables
    ("GET", "/events/{EventID}/vtables", False),
    ("POST", "/events/{EventID}/vtables", BODY),
    ("GET", "/events/{EventID}/vtables/{VTableID}", False),
    ("PUT", "/events/{EventID}/vtables/{VTableID}", BODY),
    ("DELETE", "/events/{EventID}/vtables/{VTableID}", False),
    ("GET", "/events/{EventID}/vtables/walloffametags", False),
    ("GET", "/vtables/count", False),
    ("GET", "/vtables", False),
    ("POST", "/vtables", BODY),
    ("GET", "/vtables/{VTableID}", False),
    ("PUT", "/vtables/{VTableID}", BODY),
    ("DELETE", "/vtables/{VTableID}", False),
    # Events
    ("POST", "/events/{EventID}/menu", BODY),
    ("PUT", "/events/{EventID}/menu/{MenuItemID}", BODY),
    ("DELETE", "/events/{EventID}/menu/{MenuItemID}", False),
    ("PUT", "/events/{EventID}/menu/default", BODY),
    ("GET", "/customers/{CustomerID}/events", False),
    ("POST", "/customers/{CustomerID}/events", BODY),
    ("GET", "/events/{EventID}", False),
    ("PUT", "/events/{EventID}", BODY),
    ("DELETE", "/events/{EventID}", False),
    ("GET", "/events/{EventID}/email-whitelist", False),
    ("GET", "/events/{EventID}/values/{Key}", False),
    ("POST", "/events/{EventID}/values/{Key}", BODY),
    ("POST", "/events/{EventID}/webelement-image/{WebElementKey}", BODY),
    ("POST", "/events/event-request", BODY),
    ("GET", "/events/getallevents", False),
    ("GET", "/events/getallevents/metadata", False),
    ("GET", "/events/id/{EventID}/metadata", False),
    ("GET", "/events/name/{EventInternalName}/isolations", False),
    ("GET", "/events/name/{EventInternalName}/metadata", False),
    ("GET", "/events/past", False),
    ("GET", "/events/upcoming", False),
    ("GET", "/events/{EventID}/attendees/ids", False),
    ("GET", "/events/{EventID}/public", False),
    ("GET", "/events/{EventID}/public/theme", False),
    ("GET", "/events/pano/{PanoID}/{Version}", False),
    ("PUT", "/events/{EventID}/faq", BODY),
    ("PUT", "/events/{EventID}/landing", BODY),
    ("PUT", "/events/{EventID}/photobooth", BODY),
    # Themes
    ("GET", "/events/themes/default", False),
    ("GET", "/events/{EventID}/theme", False),
    ("GET", "/events/themes/json-schemas", False),
    ("GET", "/events/themes/global", False),
    ("POST", "/events/themes/global", BODY),
    ("GET", "/events/themes/global/{CustomerID}", False),
    ("GET", "/events/themes/{ThemeID}", False),
    ("DELETE", "/events/themes/{ThemeID}", False),
    ("POST", "/events/{EventID}/themes/{ThemeID}/apply", False),
    ("PUT", "/events/themes/default/{SubThemeType}", BODY),
    ("PUT", "/events/themes/{ThemeID}/{SubThemeType}", BODY),
    ("PUT", "/events/{EventID}/theme/{SubThemeType}", BODY),
    ("PUT", "/events/{EventID}/theme/{ThemeComponent}/reset", False),
    *[
        entry
        for base in (
            "/events/themes/default",
            "/events/{EventID}/themes",
            "/events/themes/{ThemeID}",
        )
        for entry in (
            ("POST", f"{base}/fonts/{{FontGroup}}", BODY),
            ("DELETE", f"{base}/fonts/{{FontGroup}}/file-hash/{{FileHash}}", False),
            ("PUT", f"{base}/fonts/{{FontGroup}}/re-order", BODY),
            ("POST", f"{base}/media-assets/{{MediaAssetName}}", BODY),
            ("DELETE", f"{base}/media-assets/{{MediaAssetName}}", False),
        )
    ],
    # Lists (under /events/{EventID}/lists)
    ("GET", "/events/{EventID}/lists/agenda", False),
    ("GET", "/events/{EventID}/lists/speakers", False),
    ("POST", "/events/{EventID}/lists/attendees", BODY),
    ("GET", "/events/{EventID}/lists/chatmessageschronologically", False),
    ("GET", "/events/{EventID}/lists/speakerscsv", False),
    ("GET", "/events/{EventID}/lists/vfilescsv", False),
    # Locations
    ("GET", "/customers/{CustomerID}/locations", False),
    ("POST", "/customers/{CustomerID}/locations", BODY),
    ("GET", "/customers/{CustomerID}/locations/{LocationID}", False),
    ("PUT", "/customers/{CustomerID}/locations/{LocationID}", BODY),
    ("DELETE", "/customers/{CustomerID}/locations/{LocationID}", False),
    # Panoramas
    ("GET", "/panos", False),
    ("POST", "/panos", BODY),
    ("GET", "/panos/{PanoID}", False),
    ("PUT", "/panos/{PanoID}", BODY),
    ("DELETE", "/panos/{PanoID}", False),
    ("PUT", "/panos/{PanoID}/preview-upload", BODY),
    ("DELETE", "/panos/{PanoID}/preview-upload", False),
    ("POST", "/panos/{PanoID}/upload", BODY),
    ("PUT", "/panos/{PanoID}/upload", BODY),
    ("DELETE", "/panos/{PanoID}/versions/{PanoVersion}", False),
    ("PUT", "/panos/{PanoID}/versions/{PanoVersion}/panovars", BODY),
    ("GET", "/panos/{PanoID}/versions/{PanoVersion}/usage", False),
    ("GET", "/events/{EventID}/attendees/{PersonID}/pano-variables", False),
    ("POST", "/events/{EventID}/attendees/{PersonID}/pano-variables", BODY),
    ("POST", "/events/{EventID}/attendees/{PersonID}/pano-variables/sync", False),
    ("POST", "/events/{EventID}/attendees/pano-variables/sync", False),
    # Persons and login
    ("GET", "/backendversion", False),
    ("POST", "/confirmemailaddress", False),
    ("POST", "/forgottenpassword", False),
    ("POST", "/login", BODY),
    ("POST", "/loginadmin", BODY),
    ("POST", "/logout", False),
    ("GET", "/personbyemail", False),
    ("GET", "/persons", False),
    ("POST", "/persons", BODY),
    ("GET", "/persons/{PersonID}", False),
    ("PUT", "/persons/{PersonID}", BODY),
    ("DELETE", "/persons/{PersonID}", False),
    ("GET", "/persons/{PersonID}/values/{Key}", False),
    ("POST", "/persons/{PersonID}/values/{Key}", BODY),
    ("GET", "/personsbyrelation", False),
    ("GET", "/proxy", False),
    ("POST", "/registernewaccount", BODY),
    ("POST", "/resetpassword", BODY),
    # Relations
    ("GET", "/events/{EventID}/relations/chatrooms/{ChatroomID}/attendees/ids", False),
    ("GET", "/events/{EventID}/treasure-hunts/{TreasureHuntID}/rankings", False),
    ("GET", "/relations/count", False),
    ("DELETE", "/relations", False),
    ("GET", "/relations", False),
    ("POST", "/relations", BODY),
    ("GET", "/relations/{RelationID}", False),
    ("PUT", "/relations/{RelationID}", BODY),
    ("DELETE", "/relations/{RelationID}", False),
    # Vfiles (under /events/{EventID}/vfiles)
    ("GET", "/events/{EventID}/vfiles/count", False),
    ("GET", "/events/{EventID}/vfiles", False),
    ("POST", "/events/{EventID}/vfiles", BODY),
    ("POST", "/events/{EventID}/vfiles/personpicture/fromurl", BODY),
    ("POST", "/events/{EventID}/vfiles/personpicture", BODY),
    ("POST", "/events/{EventID}/vfiles/{VFileID}/createthumbnail", False),
    ("GET", "/events/{EventID}/vfiles/{VFileID}", False),
    ("PUT", "/events/{EventID}/vfiles/{VFileID}", BODY),
    ("DELETE", "/events/{EventID}/vfiles/{VFileID}", False),
    ("GET", "/events/{EventID}/vfiles/{VFileID}/file", False),
    ("DELETE", "/events/{EventID}/vfiles/{VFileID}/panovars", False),
    ("PUT", "/events/{EventID}/vfiles/{VFileID}/uploadcontent", BODY),
    ("GET", "/events/{EventID}/vfiles/walloffame", False),
]

# attendee-app.md §7: the data calls whose paths it names (the rest it leaves "not shown", and
# those resolve to admin-api.md operations above).
ATTENDEE_APP: list[tuple[str, str, bool]] = [
    ("GET", "/events/{EventID}/public/theme", False),
    ("GET", "/events/{EventID}/public", False),
    ("GET", "/events/{EventID}/email-whitelist", False),
    ("GET", "/events/{EventID}/activities", False),
    ("GET", "/events/{EventID}/stream/iframe/{sessionID}", False),
    ("GET", "/events/{EventID}/stream/vimeo/{sessionID}", False),
    ("POST", "/events/{EventID}/lists/attendees", BODY),
    ("GET", "/events/{EventID}/activities/chatrooms/attendees/{AttendeeID}", False),
    ("GET", "/events/{EventID}/activities/chatrooms/{ChatroomID}", False),
    ("GET", "/events/{EventID}/relations/chatrooms/{ChatroomID}/attendees/ids", False),
    ("GET", "/relations", False),
    ("GET", "/events/{EventID}/lists/chatmessageschronologically", False),
    ("GET", "/events/{EventID}/chatrooms/{ChatroomID}/chatpersonstatus", False),
    ("GET", "/persons/{PersonID}", False),
    ("PUT", "/persons/{PersonID}", BODY),
    ("POST", "/amvproto/authenticate", False),
    ("GET", "/customers/{CustomerID}/locations", False),
    ("GET", "/events/{EventID}/attendees/{PersonID}/pano-variables", False),
    ("POST", "/events/{EventID}/attendees/{PersonID}/pano-variables", BODY),
]

CATALOGUE = sorted(set(ADMIN_API) | set(ATTENDEE_APP))


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The document the app serves, fetched once for the module: it depends on the routes, not on
    the database, and building an app per parametrized case cost minutes of every `make test`.
    No request here touches the database (the engine connects lazily), so none is set up."""
    settings = Settings(
        env=Environment.TEST,
        data_dir=tmp_path_factory.mktemp("openapi"),
        database_url="sqlite+aiosqlite:///:memory:",
        secret_key=TEST_SECRET,
    )
    response = TestClient(create_app(settings)).get("/api/v1/openapi.json")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def _success_schemas(operation: dict[str, Any]) -> dict[str, list[Any]]:
    """2xx status -> the schemas of its media types ([] for a response without a body)."""
    return {
        status: [media.get("schema") for media in response.get("content", {}).values()]
        for status, response in operation.get("responses", {}).items()
        if status.startswith("2")
    }


def _is_typed(schema: Any) -> bool:
    return isinstance(schema, dict) and any(
        key in schema for key in ("$ref", "type", "anyOf", "oneOf", "allOf", "enum", "const")
    )


def test_catalogue_lists_each_spec_call_once() -> None:
    assert len(ADMIN_API) == len(set(ADMIN_API))
    assert len(CATALOGUE) > 170


@pytest.mark.parametrize(("method", "path", "takes_body"), CATALOGUE, ids=str)
def test_spec_call_is_documented(
    document: dict[str, Any], method: str, path: str, takes_body: bool
) -> None:
    operation = document["paths"].get(f"/api/v1{path}", {}).get(method.lower())
    assert operation is not None, f"{method} /api/v1{path} is not in the OpenAPI document"
    if takes_body:
        content = operation.get("requestBody", {}).get("content", {})
        assert content, f"{method} {path}: the spec gives it a body, the document none"
        assert all(_is_typed(media.get("schema")) for media in content.values())
    successes = _success_schemas(operation)
    assert successes, f"{method} {path}: no 2xx response declared"
    for status, schemas in successes.items():
        if status == "204":
            assert schemas == []
        else:
            assert schemas, f"{method} {path}: {status} has no body schema"
            assert all(_is_typed(schema) for schema in schemas), f"{method} {path}: {status}"


def test_no_operation_answers_an_untyped_success(document: dict[str, Any]) -> None:
    untyped = [
        f"{method.upper()} {path} {status}"
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        for status, schemas in _success_schemas(operation).items()
        if any(not _is_typed(schema) for schema in schemas)
    ]
    assert untyped == []


def test_errors_are_documented_as_the_envelope(document: dict[str, Any]) -> None:
    """A client reading the document learns the real error body, not FastAPI's default."""
    assert "HTTPValidationError" not in document["components"]["schemas"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for status in ("401", "404", "422"):
                response = operation["responses"].get(status)
                assert response is not None, f"{method} {path} lacks {status}"
                schema = response["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/ErrorEnvelope"}
