// File sizes in binary units: B, KiB, MiB … (spec §9).
const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

export function formatFileSize(bytes: number | null | undefined): string {
  let value = bytes && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace('.', ',')} ${units[unit]}`;
}
