import type { PointsHistory } from '@app/contracts/points-history';
import { GROUP_LABELS, groupsWith, longMonth, shortMonth } from './points-history-figures.ts';
import { wholeNumber } from '../../shared/format/uk-format.ts';

const cell = (value: number) => (value ? wholeNumber(value) : '–');

/**
 * Every figure of the two charts as a table (newest month first): the balance at each month's end and the
 * points earned and spent per partner group, only the groups that had any. On a narrow screen it scrolls
 * sideways inside a focusable region, so a keyboard can reach every column.
 */
export function PointsTable({ history }: { history: PointsHistory }) {
  const earnedGroups = groupsWith(history, 'earned');
  const spentGroups = groupsWith(history, 'spent');
  const months = [...history.months].reverse();
  return (
    <div className="points-table" role="region" aria-labelledby="points-table-caption" tabIndex={0}>
      <table>
        <caption id="points-table-caption">
          Your points month by month: your balance at the end of each month, and the points you earned and
          spent with each partner
        </caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Month
            </th>
            <th scope="col" rowSpan={2}>
              Balance at the end
            </th>
            {earnedGroups.length > 0 ? (
              <th scope="colgroup" colSpan={earnedGroups.length}>
                Points earned
              </th>
            ) : null}
            {spentGroups.length > 0 ? (
              <th scope="colgroup" colSpan={spentGroups.length} className="points-table__spent">
                Points spent
              </th>
            ) : null}
          </tr>
          <tr>
            {earnedGroups.map((group) => (
              <th scope="col" key={`earned-${group}`}>
                {GROUP_LABELS[group]}
              </th>
            ))}
            {spentGroups.map((group, index) => (
              <th
                scope="col"
                key={`spent-${group}`}
                className={index === 0 ? 'points-table__spent' : undefined}
              >
                {GROUP_LABELS[group]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((month, index) => (
            <tr key={month.month}>
              <th scope="row">
                <span className="points-table__month-long">{longMonth(month.month)}</span>
                <span className="points-table__month-short" aria-hidden="true">
                  {shortMonth(month.month)} {month.month.slice(2, 4)}
                </span>
                {index === 0 ? <span className="points-table__so-far"> (so far)</span> : null}
              </th>
              <td>{wholeNumber(month.balance)}</td>
              {earnedGroups.map((group) => (
                <td key={`earned-${group}`}>{cell(month.earned[group])}</td>
              ))}
              {spentGroups.map((group, spentIndex) => (
                <td key={`spent-${group}`} className={spentIndex === 0 ? 'points-table__spent' : undefined}>
                  {cell(month.spent[group])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
