import { describe, expect, it } from 'vitest';
import { rankingFileExample } from './ranking-file-example';

const row = { competitorId: null, priority: null, score: null, source: null, enteredBy: null, enteredAt: null };

describe('the example ranking file', () => {
  it('lists the shop and its competitors for the month, quoting what needs it', () => {
    const text = rankingFileExample({
      shopId: 1,
      period: '2026-10',
      rows: [
        { ...row, name: 'Milano Duomo', position: 3, score: 8200 },
        { ...row, competitorId: 4, priority: 1, name: 'Moda; "Città"', position: null },
      ],
    });
    expect(text).toBe('period;name;position;score\r\n2026-10;Milano Duomo;3;8200\r\n2026-10;"Moda; ""Città""";2;\r\n');
  });
});
