/**
 * The question form's rules (zod, read by react-hook-form), mirroring the server's: a topic of
 * 1–120 characters after trimming, and a message as chat takes it — not blank, at most 4000
 * characters. Characters are counted as the server counts them (code points). Messages are keys
 * under `form.` of the `helpdesk` namespace.
 */
import { z } from "zod";

export const MAX_TOPIC = 120;
/** The chat's limit on a message (protocol §8). */
export const MAX_TEXT = 4000;

export const chars = (value: string): number => Array.from(value).length;

export const ticketSchema = z.object({
  Topic: z
    .string()
    .refine((v) => v.trim() !== "", "topicRequired")
    .refine((v) => chars(v.trim()) <= MAX_TOPIC, "topicTooLong"),
  Text: z
    .string()
    .refine((v) => v.trim() !== "", "messageRequired")
    .refine((v) => chars(v) <= MAX_TEXT, "messageTooLong"),
});

export type TicketValues = z.infer<typeof ticketSchema>;

export const ticketMessages = ["topicRequired", "topicTooLong", "messageRequired", "messageTooLong"] as const;
export type TicketMessage = (typeof ticketMessages)[number];

export function isTicketMessage(value: unknown): value is TicketMessage {
  return typeof value === "string" && (ticketMessages as readonly string[]).includes(value);
}
