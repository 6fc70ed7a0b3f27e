"""`venuely create-admin`: the first master admin, made from the command line.

Without it a fresh installation has nobody who may grant rights. Running it again for the same
address is harmless: the person is reused and the right granted only once.
"""

from __future__ import annotations

import sys

from sqlalchemy import select

from venuely.accounts.models import Person
from venuely.admins.models import Admin, AdminType
from venuely.core.ids import new_id
from venuely.core.security import hash_password
from venuely.core.services import build_services
from venuely.settings import Settings

MIN_PASSWORD_LENGTH = 12


async def create_master_admin(
    settings: Settings, email: str, password: str, first_name: str, last_name: str
) -> int:
    login_email = email.strip().lower()
    if "@" not in login_email or len(login_email) > 320:
        print(f"venuely: '{email}' is not an email address", file=sys.stderr)
        return 2
    services = build_services(settings)
    try:
        async with services.db.session() as session:
            now = services.clock.now()
            person = await session.scalar(select(Person).where(Person.login_email == login_email))
            if person is None:
                if len(password) < MIN_PASSWORD_LENGTH:
                    print(
                        f"venuely: the password must have at least {MIN_PASSWORD_LENGTH} "
                        "characters",
                        file=sys.stderr,
                    )
                    return 2
                person = Person(
                    id=new_id(),
                    login_email=login_email,
                    email=email.strip(),
                    first_name=first_name[:100],
                    last_name=last_name[:100],
                    password_hash=hash_password(password),
                    is_verified=True,
                    created_at=now,
                    updated_at=now,
                )
                session.add(person)
                await session.flush()
                print(f"created person {person.id} <{login_email}>")
            else:
                # An existing account keeps its password: this command grants, it does not
                # reset credentials behind the owner's back.
                print(f"using existing person {person.id} <{login_email}>")
            granted = await session.scalar(
                select(Admin.id).where(
                    Admin.person_id == person.id, Admin.admin_type == AdminType.MASTER
                )
            )
            if granted is not None:
                print(f"{login_email} is already a master admin (grant {granted})")
                return 0
            grant = Admin(
                id=new_id(),
                person_id=person.id,
                admin_type=AdminType.MASTER.value,
                roles=[],
                created_at=now,
            )
            session.add(grant)
            await session.flush()
            print(f"granted master admin rights to {login_email} (grant {grant.id})")
        return 0
    finally:
        await services.db.dispose()
