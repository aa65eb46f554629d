// File sizes as a French reader writes them: octets, Ko, Mo, Go (powers of 1,024), one decimal.
const units = ['octets', 'Ko', 'Mo', 'Go', 'To'];
const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${number.format(unit === 0 ? value : Math.round(value * 10) / 10)} ${units[unit]}`;
}
