// Security video › add and {cameraID}/edit (spec §2, §3 Camera): a camera's name, shop and category, and how the
// server reaches it — its type, link, user, write-only password and recorder channel — with a connection test on
// what is typed before saving. Checks are the contract's (the server's own), shown next to each field; leaving with
// unsaved changes asks first.
import { cameraBodySchema, cameraTestBodySchema, cameraTypes, maxCameraChannel } from '@bottega/contracts/cameras';
import { Alert, Button, Card, NumberInput, Select, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { useAuthUser } from '../../auth/auth.api';
import {
  type CameraFormValues,
  type CameraPasswordChange,
  cameraBodyOf,
  cameraTestBodyOf,
  cameraValuesOf,
  emptyCameraValues,
} from '../camera-form';
import { wantsHostOnly } from '../camera-format';
import { useCamera, useCameraOptions, useSaveCamera } from '../cameras.api';
import { CameraConnectionTest } from '../components/camera-connection-test';
import { CameraPasswordField } from '../components/camera-password-field';

const listPath = '/app/security/video/list';
const keepPassword: CameraPasswordChange = { mode: 'keep', value: '' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

export default function CameraEditPage() {
  const { t } = useTranslation(['cameras', 'errors', 'validation']);
  const navigate = useNavigate();
  const can = new Set(useAuthUser().data?.can ?? []);
  const params = useParams();
  const id = params.cameraId === undefined ? null : Number(params.cameraId);
  const validId = id !== null && Number.isInteger(id) && id > 0;
  const camera = useCamera(validId ? id : null);
  const options = useCameraOptions();
  const save = useSaveCamera(id);
  const [password, setPassword] = useState<CameraPasswordChange>(keepPassword);
  const form = useForm<CameraFormValues>({ initialValues: emptyCameraValues });

  const loaded = camera.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when another version of the camera arrives
  useEffect(() => {
    if (loaded) {
      form.setValues(cameraValuesOf(loaded));
      form.resetDirty(cameraValuesOf(loaded));
      setPassword(keepPassword);
    }
  }, [loaded?.id, loaded?.updatedAt]);

  if (id !== null && (!validId || (camera.error instanceof ApiError && camera.error.status === 404))) {
    return <StatusPage status={404} />;
  }
  if (id !== null && !loaded) {
    return camera.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(camera.error, t)}
      </Alert>
    ) : (
      <Skeleton h={600} />
    );
  }

  const dirty = form.isDirty() || password.mode !== 'keep';

  /** The server's refusal on its fields; a name already used in the shop on the name. */
  const showRefusal = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    if (error.code === 'cameraExists') form.setFieldError('name', errorMessage(error, t));
    else form.setErrors(firstFieldErrors(error.fieldErrors));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = cameraBodyOf(form.getValues(), password);
    const errors = validateWith(cameraBodySchema, body, t);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t('form.saved', { name: saved.name }) });
        form.resetDirty();
        setPassword(keepPassword);
        if (id !== null) return;
        if (can.has('security.video.list')) {
          // After the guard has seen the form saved.
          setTimeout(() => navigate(listPath));
        } else {
          form.setValues(emptyCameraValues);
          form.resetDirty(emptyCameraValues);
        }
      },
      onError: showRefusal,
    });
  };

  const testBody = () => {
    const body = cameraTestBodyOf(form.getValues(), password, id);
    const errors = validateWith(cameraTestBodySchema, body, t);
    for (const field of ['link', 'username', 'password', 'channel'] as const) {
      if (errors[field]) form.setFieldError(field, errors[field]);
      else form.clearFieldError(field);
    }
    return Object.keys(errors).length > 0 ? null : body;
  };

  const input = (field: keyof CameraFormValues) => ({
    ...form.getInputProps(field),
    'data-testid': `camera-${field}`,
  });
  const hostOnly = wantsHostOnly(form.values.type);
  const refusal = save.error instanceof ApiError && (save.error.status === 422 || save.error.code === 'cameraExists');

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={dirty} />
      <PageHeader
        title={loaded ? t('form.editTitle', { name: loaded.name }) : t('form.createTitle')}
        description={t('form.description')}
        actions={
          <>
            {can.has('security.video.list') && (
              <Button variant="default" component={Link} to={listPath}>
                {t('form.backToList')}
              </Button>
            )}
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="camera-save"
            >
              {t('form.save')}
            </Button>
          </>
        }
      />
      {save.error && !refusal && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title={t('form.sections.camera')}>
          <TextInput label={t('fields.name')} required maxLength={100} {...input('name')} />
          <Select
            label={t('fields.shop')}
            required
            searchable
            allowDeselect={false}
            data={(options.data?.shops ?? []).map((shop) => ({
              value: String(shop.id),
              label: `${shop.code} · ${shop.name}`,
            }))}
            {...input('shopId')}
          />
          <Select
            label={t('fields.category')}
            placeholder={t('noCategory')}
            clearable
            searchable
            data={(options.data?.categories ?? []).map((category) => ({
              value: String(category.id),
              label: category.name,
            }))}
            {...input('categoryId')}
          />
        </Section>
        <Section title={t('form.sections.connection')}>
          <Select
            label={t('fields.type')}
            required
            allowDeselect={false}
            data={cameraTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            {...input('type')}
          />
          <TextInput
            label={t('fields.link')}
            description={t(hostOnly ? 'form.linkHint.host' : 'form.linkHint.url')}
            placeholder={t(`form.linkPlaceholder.${form.values.type}`)}
            required
            maxLength={500}
            dir="ltr"
            autoComplete="off"
            {...input('link')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.username')}
              maxLength={100}
              dir="ltr"
              autoComplete="off"
              {...input('username')}
            />
            <CameraPasswordField
              key={loaded?.updatedAt ?? 'new'}
              cameraId={id}
              isSet={loaded?.passwordSet ?? false}
              change={password}
              onChange={setPassword}
              error={form.errors.password as string | undefined}
            />
          </SimpleGrid>
          <NumberInput
            label={t('fields.channel')}
            description={t('form.channelHint', { max: maxCameraChannel })}
            min={0}
            max={maxCameraChannel}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            w={{ base: '100%', sm: 200 }}
            {...input('channel')}
          />
          <CameraConnectionTest
            body={testBody}
            onFieldErrors={(errors) => form.setErrors({ ...form.errors, ...firstFieldErrors(errors) })}
          />
        </Section>
      </SimpleGrid>
    </form>
  );
}
