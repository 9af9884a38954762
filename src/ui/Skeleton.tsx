/** A skeleton of match rows: the final layout, still, while the list loads. */
export function MatchListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="match-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <div className="match-row" key={i}>
          <div className="match-teams" style={{ gap: 6 }}>
            <div className="skeleton" style={{ width: 90, height: 10 }} />
            <div className="skeleton" style={{ width: 140, height: 14 }} />
            <div className="skeleton" style={{ width: 120, height: 14 }} />
          </div>
          <div className="match-odds">
            {[0, 1, 2].map((j) => <div key={j} className="skeleton" style={{ width: 56, height: 44 }} />)}
          </div>
        </div>
      ))}
    </div>
  );
}
