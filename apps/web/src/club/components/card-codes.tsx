// The card as the till reads it: a barcode (EAN-13 when the number is one, else Code 128) and a QR code of the
// same number. Both are drawn to images (data: URLs, allowed by the page's img-src): no inline styles, which the
// Content-Security-Policy refuses, and black on white in dark mode too, as scanners want. Loaded with the card page.
import { Group, Image, Paper, Skeleton, Stack } from '@mantine/core';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barcodeFormatFor } from '../club-format';

/** The barcode as a PNG data URL, or null when the number cannot be one (the QR code still can). */
function barcodeImage(cardNumber: string): string | null {
  const format = barcodeFormatFor(cardNumber);
  if (!format) return null;
  try {
    const canvas = document.createElement('canvas');
    JsBarcode(canvas, cardNumber, {
      format,
      displayValue: false,
      width: 3,
      height: 110,
      // The quiet zones scanners need on each side: 11 modules for EAN-13, 10 for Code 128.
      marginTop: 12,
      marginBottom: 12,
      marginLeft: 36,
      marginRight: 36,
      background: '#ffffff',
      lineColor: '#000000',
    });
    return canvas.toDataURL('image/png');
  } catch {
    return null;
  }
}

async function qrImage(cardNumber: string): Promise<string> {
  const svg = await QRCode.toString(cardNumber, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function CardCodes({ cardNumber }: { cardNumber: string }) {
  const { t } = useTranslation('club');
  const [barcode, setBarcode] = useState<string | null | undefined>(undefined);
  const [qr, setQr] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    setBarcode(barcodeImage(cardNumber));
    let current = true;
    qrImage(cardNumber).then(
      (url) => current && setQr(url),
      () => current && setQr(null),
    );
    return () => {
      current = false;
    };
  }, [cardNumber]);

  return (
    <Paper bg="#ffffff" p="md" radius="md" withBorder>
      <Stack gap="md" align="center">
        {barcode === undefined ? (
          <Skeleton h={110} w="100%" />
        ) : (
          barcode && (
            <Image
              src={barcode}
              alt={t('card.barcodeAlt', { number: cardNumber })}
              w="100%"
              maw={420}
              h="auto"
              fit="contain"
              data-testid="club-card-barcode"
            />
          )
        )}
        <Group justify="center">
          {qr === undefined ? (
            <Skeleton h={180} w={180} />
          ) : (
            qr && (
              <Image
                src={qr}
                alt={t('card.qrAlt', { number: cardNumber })}
                w={180}
                h={180}
                data-testid="club-card-qr"
              />
            )
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
