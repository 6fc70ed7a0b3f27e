/**
 * The named agents of the event (`GET …/helpdesk/agents`): attendees the organizers let answer at
 * the help desk besides the event's admins. Added by email address — found as the Admins section
 * finds people, then `PUT …/agents/{PersonID}`, which the server refuses (404) for someone who is
 * not an attendee of the event — and removed with `DELETE`. Both are idempotent; the list follows
 * the answer at once and the outcome is said in a polite status line.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { LoadState } from "@/components/LoadState";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { addAgent, type Agent, type HelpdeskKeys, listAgents, removeAgent } from "../api";
import { isStatus } from "../errors";
import { useHelpdeskT, useRefusalText } from "../i18n";
import { findPersonByEmail } from "./person-lookup";

const agentSchema = z.object({ Email: z.string().trim().pipe(z.email("emailInvalid")) });
type AgentValues = z.infer<typeof agentSchema>;

const byName = (a: Agent, b: Agent) => a.Name.localeCompare(b.Name);

export function AgentsPanel({ eventID, keys }: { eventID: string; keys: HelpdeskKeys }) {
  const { t } = useHelpdeskT();
  const refusal = useRefusalText();
  const client = useQueryClient();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const agents = useQuery({ queryKey: keys.agents, queryFn: ({ signal }) => listAgents(eventID, signal) });
  const adding = useSubmitLock();
  const removing = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const [said, setSaid] = useState({ id: 0, text: "" });
  const form = useForm<AgentValues>({ resolver: zodResolver(agentSchema), defaultValues: { Email: "" } });
  const { register, handleSubmit, formState, setError, reset } = form;
  const say = (text: string) => setSaid((s) => ({ id: s.id + 1, text }));
  const setAgents = (change: (list: Agent[]) => Agent[]) => client.setQueryData<Agent[]>(keys.agents, (list) => (list ? change(list) : list));

  const onValid = (values: AgentValues) =>
    adding.run(async () => {
      setFormError(null);
      const notAttendee = () => setError("Email", { type: "server", message: t("agents.notAttendee") }, { shouldFocus: true });
      try {
        const person = await findPersonByEmail(values.Email);
        if (!person) {
          notAttendee();
          return;
        }
        const agent = await addAgent(eventID, person.ID);
        setAgents((list) => [...list.filter((a) => a.PersonID !== agent.PersonID), agent].sort(byName));
        reset();
        say(t("agents.added", { name: agent.Name }));
      } catch (error) {
        if (isStatus(error, 404)) notAttendee();
        else setFormError(t("agents.failed", { reason: refusal(error) }));
      }
    });

  const remove = (agent: Agent) =>
    void removing.run(async () => {
      setFormError(null);
      try {
        await removeAgent(eventID, agent.PersonID);
        setAgents((list) => list.filter((a) => a.PersonID !== agent.PersonID));
        say(t("agents.removed", { name: agent.Name }));
        // The row and its button are gone: the focus goes to the panel's heading.
        heading.current?.focus();
      } catch (error) {
        setFormError(t("agents.failed", { reason: refusal(error) }));
      }
    });

  const emailError = formState.errors.Email?.message;
  return (
    <section className="helpdesk-agents" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t("agents.title")}
      </h3>
      <p className="muted">{t("agents.intro")}</p>
      <LoadState query={agents} loadingText={t("agents.loading")} failedText={t("agents.loadFailed")} focusAfterRetry={heading} />
      {agents.data && agents.data.length === 0 ? <p className="helpdesk-empty">{t("agents.empty")}</p> : null}
      {agents.data && agents.data.length > 0 ? (
        <ul className="helpdesk-agent-list" aria-label={t("agents.list")}>
          {agents.data.map((agent) => (
            <li key={agent.PersonID} data-agent={agent.PersonID}>
              <span>
                <strong>{agent.Name}</strong> <span className="muted">{agent.Email}</span>
              </span>
              <button type="button" className="button button--secondary" aria-disabled={removing.busy || undefined} onClick={() => remove(agent)}>
                {t("agents.remove")}
                {/* Names the agent for screen readers; the visible word stays the start of the name. */}{" "}
                <span className="visually-hidden">{agent.Name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form ref={formRef} className="helpdesk-agent-form" noValidate aria-busy={adding.busy} onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}>
        <Field
          label={t("agents.email")}
          type="email"
          autoComplete="off"
          error={emailError === "emailInvalid" ? t("agents.emailInvalid") : emailError}
          {...register("Email")}
        />
        <p>
          <button type="submit" className="button" aria-disabled={adding.busy || undefined}>
            {adding.busy ? t("agents.adding") : t("agents.add")}
          </button>
        </p>
      </form>
      <FormError message={formError} />
      <p className="visually-hidden" role="status">
        <span key={said.id}>{said.text}</span>
      </p>
    </section>
  );
}
