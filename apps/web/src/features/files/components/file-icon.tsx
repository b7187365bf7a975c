import type { FileItemType } from '@bottega/contracts/files';
import {
  type Icon,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileZip,
  IconFolder,
  IconPhoto,
  IconPresentation,
} from '@tabler/icons-react';

const icons: Record<FileItemType, { icon: Icon; color: string }> = {
  folder: { icon: IconFolder, color: 'yellow' },
  image: { icon: IconPhoto, color: 'grape' },
  pdf: { icon: IconFileTypePdf, color: 'red' },
  text: { icon: IconFileText, color: 'gray' },
  document: { icon: IconFileTypeDoc, color: 'blue' },
  spreadsheet: { icon: IconFileSpreadsheet, color: 'green' },
  presentation: { icon: IconPresentation, color: 'orange' },
  archive: { icon: IconFileZip, color: 'cyan' },
};

/** The icon of an item's kind, in its colour (the shade reads on light and dark backgrounds alike). */
export function FileIcon({ type, size }: { type: FileItemType; size: number }) {
  const { icon: KindIcon, color } = icons[type] ?? { icon: IconFile, color: 'gray' };
  return <KindIcon size={size} stroke={1.5} color={`var(--mantine-color-${color}-6)`} aria-hidden />;
}
