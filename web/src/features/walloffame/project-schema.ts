/**
 * The project form's rules (zod, read by react-hook-form), mirroring the server's
 * `project_fields`: title, category and description required, the link optional but an http(s)
 * address when given (§5), each field within the server's length limit after trimming. Messages
 * are keys under `form.` of the `walloffame` namespace; the required ones and the link's are the
 * §5 texts word for word in English.
 */
import { z } from "zod";
import { LIMITS, type ProjectFields } from "./api";

/** What the server accepts as a link: http or https with a host, no spaces. */
export function isHttpLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const chars = (value: string): number => Array.from(value).length;

const required = (message: FormMessage, max: number) =>
  z
    .string()
    .refine((v) => v.trim() !== "", message)
    .refine((v) => chars(v.trim()) <= max, "tooLong");

export const projectSchema = z.object({
  Title: required("titleRequired", LIMITS.Title),
  Category: required("categoryRequired", LIMITS.Category),
  Description: required("descriptionRequired", LIMITS.Description),
  Link: z
    .string()
    .refine((v) => v.trim() === "" || isHttpLink(v.trim()), "linkInvalid")
    .refine((v) => chars(v.trim()) <= LIMITS.Link, "tooLong"),
});

export type ProjectValues = z.infer<typeof projectSchema>;

export const formMessages = ["titleRequired", "categoryRequired", "descriptionRequired", "linkInvalid", "tooLong"] as const;
export type FormMessage = (typeof formMessages)[number];

export function isFormMessage(value: unknown): value is FormMessage {
  return typeof value === "string" && (formMessages as readonly string[]).includes(value);
}

/** The message a field shows when the server refused it (422): the form's own rule for it. */
export const SERVER_MESSAGE: Record<keyof ProjectValues, FormMessage> = {
  Title: "titleRequired",
  Category: "categoryRequired",
  Description: "descriptionRequired",
  Link: "linkInvalid",
};

export const isProjectField = (name: string): name is keyof ProjectValues => Object.hasOwn(SERVER_MESSAGE, name);

/** The values as sent: trimmed, as the server stores them. */
export function fieldsOf(values: ProjectValues): ProjectFields {
  return { Title: values.Title.trim(), Category: values.Category.trim(), Description: values.Description.trim(), Link: values.Link.trim() };
}
