// The formatted text of a ticket's message: Mantine's Tiptap editor with what the server keeps of it (paragraphs,
// emphasis, lists, quotes, code, links; ticket-message.ts on the server sanitises the rest away), its controls
// named in the person's language. The HTML goes to the parent as typed; the parent tells an empty message.
import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether the editor's HTML holds no text (an empty paragraph is what a cleared editor keeps). */
export function isEmptyMessage(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

export function MessageEditor(props: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  testId: string;
  /** Called with the editor once made, so the parent can clear it after sending. */
  onReady?: (editor: Editor) => void;
}) {
  const { t } = useTranslation('tickets');
  const editor = useEditor({
    // StarterKit brings its own link; Mantine's (Ctrl+K opens its link editor) takes its place. No headings or
    // rules: the server keeps neither.
    extensions: [StarterKit.configure({ link: false, heading: false, horizontalRule: false }), Link],
    content: props.value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => props.onChange(current.getHTML()),
    editorProps: { attributes: { 'aria-label': props.label, 'data-testid': props.testId } },
  });
  const { onReady } = props;
  useEffect(() => {
    if (editor) onReady?.(editor);
  }, [editor, onReady]);

  const labels = {
    boldControlLabel: t('editor.bold'),
    italicControlLabel: t('editor.italic'),
    underlineControlLabel: t('editor.underline'),
    strikeControlLabel: t('editor.strike'),
    bulletListControlLabel: t('editor.bulletList'),
    orderedListControlLabel: t('editor.orderedList'),
    blockquoteControlLabel: t('editor.quote'),
    codeControlLabel: t('editor.code'),
    linkControlLabel: t('editor.link'),
    unlinkControlLabel: t('editor.unlink'),
    linkEditorInputLabel: t('editor.linkAddress'),
    linkEditorInputPlaceholder: 'https://…',
    linkEditorExternalLink: t('editor.linkNewTab'),
    linkEditorInternalLink: t('editor.linkSameTab'),
    linkEditorSave: t('editor.linkSave'),
  };

  return (
    <Input.Wrapper label={props.label} error={props.error} withAsterisk>
      <RichTextEditor editor={editor} labels={labels} styles={{ content: { minHeight: 140 } }}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
