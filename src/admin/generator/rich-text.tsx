/**
 * The formatted-text editor of a declared `richText` field: react-admin's RichTextInput (tiptap) with a toolbar of
 * what the server's allow-list keeps (services/rich-text.ts): headings, bold, italic, underline, strike, code,
 * alignment, lists, links, quotes. Colours are not offered (the server drops them), and the stock heading menu is
 * replaced by buttons, which a screen reader names and a keyboard reaches (the stock one is a list outside a list).
 * Loaded only by the forms that have formatted text (inputs.tsx imports it lazily).
 */
import ToggleButton from '@mui/material/ToggleButton';
import type { ReactElement } from 'react';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
// The heading commands' types (the editor's StarterKit brings the extension itself).
import type {} from '@tiptap/extension-heading';
import { useEditorState } from '@tiptap/react';
import { useGeneratedText } from './messages.ts';
import {
  AlignmentButtons,
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';

const LEVELS = [2, 3] as const;

/** Heading 2 and Heading 3 as toggles (a heading again is a paragraph again). */
function HeadingButtons() {
  const editor = useTiptapEditor();
  const words = useGeneratedText();
  // The level under the cursor, read again as the editor changes, so the pressed state follows it.
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => LEVELS.find((level) => current?.isActive('heading', { level })),
  });
  return (
    <ToggleButtonGroup size="small" aria-label={words('headings')}>
      {LEVELS.map((level) => (
        <ToggleButton
          key={level}
          value={level}
          aria-label={words('headingButton', { level })}
          title={words('heading', { level })}
          selected={active === level}
          disabled={!editor?.isEditable}
          onClick={() => editor?.chain().focus().toggleHeading({ level }).run()}
        >
          {`H${level}`}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export default function RichTextEditor({ source, label }: { source: string; label: ReactElement | string }) {
  return (
    <RichTextInput
      source={source}
      label={label}
      fullWidth
      toolbar={
        <RichTextInputToolbar>
          <HeadingButtons />
          <FormatButtons size="small" />
          <AlignmentButtons size="small" />
          <ListButtons size="small" />
          <LinkButtons size="small" />
          <QuoteButtons size="small" />
          <ClearButtons size="small" />
        </RichTextInputToolbar>
      }
    />
  );
}
