/** The signed-in person, cached in the browser database (table persons, key ID). */
import { create } from "zustand";
import { db } from "@/lib/db";
import type { Person } from "./api/get-person";

interface PersonState {
  person: Person | null;
  setPerson: (person: Person | null) => void;
}

export const usePersonStore = create<PersonState>((set) => ({
  person: null,
  setPerson: (person) => {
    set({ person });
    if (person) db().then((store) => store.persons.put({ ID: person.ID, person })).catch(() => undefined);
  },
}));
