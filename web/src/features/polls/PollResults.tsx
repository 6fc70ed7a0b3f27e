/**
 * A poll's tally as bars: each row names the option, shows its share and count, and is a `meter`
 * whose value text says both, so a screen reader hears what the bar shows. The bars are drawn at
 * the share of ballots (with several choices per ballot they add up to more than 100 %).
 */
import { useId } from "react";
import type { PollView, Tally } from "./api";
import { usePollsT } from "./i18n";
import { tallyRows } from "./model";

export function PollResults({ poll, tally }: { poll: PollView; tally: Tally }) {
  const { t, language } = usePollsT();
  const id = useId();
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 });
  const mine = new Set(poll.MyBallot?.OptionIDs ?? []);
  const rows = tallyRows(poll, tally, t("results.other"));
  return (
    <section className="poll-results" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t("results.title")}</h4>
      <ul className="poll-results__rows">
        {rows.map((row, index) => {
          const rowID = `${id}-${index}`;
          const value = t("results.value", { percent: percent.format(row.share), count: row.count });
          const chosen = row.optionID === null ? poll.MyBallot?.Other != null : mine.has(row.optionID);
          return (
            <li key={row.optionID ?? "other"} className={`poll-results__row${chosen ? " poll-results__row--mine" : ""}`} data-option={row.optionID ?? "other"}>
              <span className="poll-results__label" id={rowID}>
                {row.text}
              </span>
              {/* The meter says the same; the visible figure is for sighted readers. */}
              <span className="poll-results__value" aria-hidden="true">
                {value}
              </span>
              <div
                className="poll-results__bar"
                role="meter"
                aria-labelledby={rowID}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(row.share * 100)}
                aria-valuetext={value}
              >
                <span style={{ width: `${row.share * 100}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="poll-results__total">{t("results.ballots", { count: tally.Ballots })}</p>
    </section>
  );
}
