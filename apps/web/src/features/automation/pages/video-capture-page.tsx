// Automation › videos › capture (spec §2, issue 28): a clip recorded in the browser from a camera (the first one unless
// another is chosen, with or without the microphone) or a shared screen, up to maxCaptureMinutes; then watched, cut,
// given a thumbnail, a title and tags, and uploaded to the library. Every track stops when the page is left; leaving
// with a recording not yet uploaded asks first.
import { type Media, maxCaptureMinutes } from '@bottega/contracts/automation';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCamera,
  IconCheck,
  IconDeviceDesktop,
  IconLibraryPhoto,
  IconPlayerRecordFilled,
  IconPlayerStopFilled,
  IconRefresh,
  IconScreenShare,
  IconVideoPlus,
} from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { captureSupport, supportProblem } from '../components/capture-recorder';
import { CaptureReview } from '../components/capture-review';
import { type CaptureSource, type Recording, useCaptureStream, useRecorder } from '../components/capture-stream';
import { formatClipDuration } from '../components/media-format';
import { MediaThumbnail } from '../components/media-picker';

const limitMs = maxCaptureMinutes * 60_000;

function browserSupport() {
  if (typeof window === 'undefined') return captureSupport({});
  return captureSupport({
    isSecureContext: window.isSecureContext,
    navigator: window.navigator,
    MediaRecorder: (window as { MediaRecorder?: unknown }).MediaRecorder,
  });
}

function CaptureDone(props: { media: Media; onAgain: () => void }) {
  const { t } = useTranslation('automation');
  return (
    <Card withBorder padding="xl" data-testid="capture-done">
      <Stack align="center" gap="md">
        <ThemeIcon color="green" size={48} radius="xl" aria-hidden>
          <IconCheck size={28} />
        </ThemeIcon>
        <Title order={2} size="h3" ta="center">
          {t('capture.done.title')}
        </Title>
        <Group gap="sm" wrap="nowrap">
          <MediaThumbnail media={props.media} size={72} />
          <Text fw={500}>
            <bdi>{props.media.title}</bdi>
          </Text>
        </Group>
        <Group justify="center" gap="sm">
          <Button
            component={Link}
            to={`/app/automation/videos?open=${props.media.id}`}
            leftSection={<IconLibraryPhoto size={16} />}
            data-testid="capture-go-library"
          >
            {t('capture.done.library')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconVideoPlus size={16} />}
            onClick={props.onAgain}
            data-testid="capture-again"
          >
            {t('capture.done.again')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default function VideoCapturePage() {
  const { t } = useTranslation(['automation', 'errors']);
  const support = useMemo(browserSupport, []);
  const blocked = supportProblem(support);
  const [source, setSource] = useState<CaptureSource>(support.camera ? 'camera' : 'screen');
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [microphone, setMicrophone] = useState(true);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [saved, setSaved] = useState<Media | null>(null);
  const [reviewBusy, setReviewBusy] = useState(false);
  const preview = useRef<HTMLVideoElement>(null);
  const capture = useCaptureStream();
  const { open, close } = capture;
  const recorder = useRecorder({
    limitMs,
    onFinished: (result) => {
      setRecording(result);
      close();
    },
  });
  const live = recording === null && saved === null;

  // The camera opens by itself (the first one unless another is chosen); a screen only on a click, as browsers ask.
  useEffect(() => {
    if (blocked || !live || source !== 'camera') return;
    void open({ source: 'camera', deviceId, microphone });
  }, [blocked, live, source, deviceId, microphone, open]);
  useEffect(() => {
    if (source === 'screen') close();
  }, [source, close]);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = capture.stream;
  }, [capture.stream]);

  const startOver = useCallback(() => {
    setRecording(null);
    setSaved(null);
    setReviewBusy(false);
  }, []);

  const shareScreen = () => void open({ source: 'screen', deviceId: null, microphone });
  const activeDeviceId = capture.stream?.getVideoTracks()[0]?.getSettings().deviceId ?? null;
  const deviceOptions = capture.devices.map((device, index) => ({
    value: device.deviceId,
    label: device.label || t('capture.cameraNumber', { number: index + 1 }),
  }));
  const elapsed = recorder.elapsedMs;
  const nearLimit = elapsed >= limitMs * 0.9;
  const canRecord = capture.stream !== null && !capture.opening && !recorder.recording;

  return (
    <>
      <PageHeader
        title={t('capture.title')}
        description={t('capture.description', { minutes: maxCaptureMinutes })}
        actions={
          <Button
            component={Link}
            to="/app/automation/videos"
            variant="default"
            leftSection={<IconLibraryPhoto size={16} />}
          >
            {t('capture.toLibrary')}
          </Button>
        }
      />
      <UnsavedChangesGuard
        dirty={recorder.recording || reviewBusy || (recording !== null && saved === null)}
        message={t('capture.leaveMessage')}
      />
      {blocked ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={t('capture.problems.title')}
          data-testid="capture-blocked"
        >
          {t(`capture.problems.${blocked}`)}
        </Alert>
      ) : saved ? (
        <CaptureDone media={saved} onAgain={startOver} />
      ) : recording ? (
        <CaptureReview
          recording={recording}
          source={source}
          onDiscard={startOver}
          onSaved={setSaved}
          onBusy={setReviewBusy}
        />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Box
              pos="relative"
              bg="dark.8"
              style={{ aspectRatio: '16 / 9', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
            >
              <video
                ref={preview}
                autoPlay
                muted
                playsInline
                aria-label={t('capture.preview')}
                style={{
                  display: capture.stream ? 'block' : 'none',
                  width: '100%',
                  height: '100%',
                  objectFit: 'contain',
                }}
                data-testid="capture-preview"
              />
              {!capture.stream && (
                <Center pos="absolute" inset={0} p="md">
                  {capture.opening ? (
                    <Stack align="center" gap="xs">
                      <Loader color="gray.4" size="sm" />
                      <Text c="gray.3" size="sm" role="status">
                        {source === 'camera' ? t('capture.openingCamera') : t('capture.openingScreen')}
                      </Text>
                    </Stack>
                  ) : source === 'screen' && !capture.problem ? (
                    <Stack align="center" gap="xs">
                      <Text c="gray.3" size="sm" ta="center">
                        {capture.ended ? t('capture.screenEnded') : t('capture.screenHint')}
                      </Text>
                      <Button
                        leftSection={<IconScreenShare size={16} />}
                        onClick={shareScreen}
                        data-testid="capture-share"
                      >
                        {t('capture.chooseScreen')}
                      </Button>
                    </Stack>
                  ) : (
                    <IconCamera size={40} color="var(--mantine-color-gray-6)" aria-hidden />
                  )}
                </Center>
              )}
              {recorder.recording && (
                <Badge
                  pos="absolute"
                  top={12}
                  color="red"
                  variant="filled"
                  size="lg"
                  leftSection={<IconPlayerRecordFilled size={12} />}
                  style={{ insetInlineStart: 12 }}
                >
                  {t('capture.rec')}
                </Badge>
              )}
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder>
              <Stack gap="md">
                <SegmentedControl
                  fullWidth
                  aria-label={t('capture.source')}
                  value={source}
                  onChange={(value) => setSource(value === 'screen' ? 'screen' : 'camera')}
                  disabled={recorder.recording}
                  data={[
                    {
                      value: 'camera',
                      disabled: !support.camera,
                      label: (
                        <Group gap={6} justify="center" wrap="nowrap">
                          <IconCamera size={16} aria-hidden />
                          <span>{t('capture.sources.camera')}</span>
                        </Group>
                      ),
                    },
                    {
                      value: 'screen',
                      disabled: !support.screen,
                      label: (
                        <Group gap={6} justify="center" wrap="nowrap">
                          <IconDeviceDesktop size={16} aria-hidden />
                          <span>{t('capture.sources.screen')}</span>
                        </Group>
                      ),
                    },
                  ]}
                  data-testid="capture-source"
                />
                {source === 'camera' && (
                  <Select
                    label={t('capture.camera')}
                    data={deviceOptions}
                    value={deviceId ?? activeDeviceId ?? deviceOptions[0]?.value ?? null}
                    onChange={(value) => value && setDeviceId(value)}
                    allowDeselect={false}
                    disabled={recorder.recording || deviceOptions.length === 0}
                    placeholder={t('capture.noCameraListed')}
                    data-testid="capture-device"
                  />
                )}
                <Switch
                  label={t('capture.microphone')}
                  description={source === 'screen' ? t('capture.microphoneScreenHint') : undefined}
                  checked={microphone}
                  onChange={(event) => setMicrophone(event.currentTarget.checked)}
                  disabled={recorder.recording}
                  data-testid="capture-microphone"
                />
                {capture.problem && (
                  <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="capture-problem">
                    <Stack gap="xs" align="flex-start">
                      <Text size="sm">{t(`capture.problems.${capture.problem}`)}</Text>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconRefresh size={14} />}
                        onClick={() =>
                          source === 'camera' ? void open({ source: 'camera', deviceId, microphone }) : shareScreen()
                        }
                      >
                        {t('capture.retry')}
                      </Button>
                    </Stack>
                  </Alert>
                )}
                {recorder.failed && (
                  <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                    {t('capture.problems.recorderFailed')}
                  </Alert>
                )}
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm" c="dimmed">
                      {t('capture.elapsed')}
                    </Text>
                    <Text
                      size="lg"
                      fw={600}
                      dir="ltr"
                      role="timer"
                      c={nearLimit ? 'red' : undefined}
                      data-testid="capture-timer"
                      style={{ fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatClipDuration(elapsed)} / {formatClipDuration(limitMs)}
                    </Text>
                  </Group>
                  <Progress
                    value={Math.min(100, (elapsed / limitMs) * 100)}
                    color={nearLimit ? 'red' : undefined}
                    size="sm"
                    aria-label={t('capture.limitProgress', { minutes: maxCaptureMinutes })}
                  />
                </Stack>
                <Text size="sm" aria-live="polite" data-testid="capture-state">
                  {recorder.recording ? t('capture.recordingNow') : canRecord ? t('capture.ready') : ''}
                </Text>
                {recorder.recording ? (
                  <Button
                    color="red"
                    size="md"
                    fullWidth
                    leftSection={<IconPlayerStopFilled size={18} />}
                    onClick={recorder.stop}
                    data-testid="capture-stop"
                  >
                    {t('capture.stop')}
                  </Button>
                ) : (
                  <Button
                    size="md"
                    fullWidth
                    leftSection={<IconPlayerRecordFilled size={18} />}
                    disabled={!canRecord}
                    onClick={() => capture.stream && recorder.start(capture.stream, preview.current)}
                    data-testid="capture-record"
                  >
                    {t('capture.record')}
                  </Button>
                )}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
