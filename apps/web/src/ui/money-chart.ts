import { formatMoney } from '@bottega/contracts/money';

/**
 * What a Mantine chart of euros (plotted as euros, not cents) needs to speak money: the tooltip's values to the cent,
 * the value axis in whole euros, wide enough for € 100.000.
 */
export const moneyChartProps = {
  valueFormatter: (value: number) => formatMoney(Math.round(value * 100)),
  yAxisProps: {
    width: 90,
    tickFormatter: (value: number) => formatMoney(Math.round(value) * 100).replace(/,00$/, ''),
  },
};
