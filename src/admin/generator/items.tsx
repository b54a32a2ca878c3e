/**
 * The input of a list of items (an event's extra images, an album's items): react-admin's ArrayInput, each item
 * titled "<Item> #n" with its own fields (the same inputs as the form's, given by `inputOf`), "Add <Item>" below
 * while there is room, and a Remove button named after the item ("Remove Image #2"). The value is the array of
 * items (`[]` at first).
 */
import AddIcon from '@mui/icons-material/AddCircleOutline';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import FormHelperText from '@mui/material/FormHelperText';
import type { ReactElement } from 'react';
import {
  ArrayInput,
  Button,
  SimpleFormIterator,
  SimpleFormIteratorClasses,
  useSimpleFormIterator,
  useSimpleFormIteratorItem,
} from 'react-admin';
import type { ItemFieldDeclaration, ItemsField, ResourceDeclaration } from '../../resources/index.ts';
import { useGeneratedText, useResourceText } from './messages.ts';

/**
 * react-admin shows an item's Remove button on hover only (hidden buttons cannot be reached by keyboard) and its
 * title on wide screens only: both always here.
 */
const ALWAYS_SHOWN = {
  [`& .${SimpleFormIteratorClasses.action}`]: { visibility: 'visible' },
  [`& .${SimpleFormIteratorClasses.index}`]: { display: 'flex' },
} as const;

/** Items a list holds unless the declaration says otherwise (the server's default too). */
export const DEFAULT_MAX_ITEMS = 50;

function AddItem({ label, maxItems }: { label: string; maxItems: number }) {
  const { add, total } = useSimpleFormIterator();
  const full = total >= maxItems;
  const words = useGeneratedText();
  return (
    <>
      <Button label={label} onClick={() => add()} disabled={full}>
        <AddIcon />
      </Button>
      {full ? <FormHelperText>{words('atMostItems', { max: maxItems })}</FormHelperText> : null}
    </>
  );
}

function RemoveItem({ itemTitle }: { itemTitle: (n: number) => string }) {
  const { index, remove } = useSimpleFormIteratorItem();
  const words = useGeneratedText();
  return (
    <Button label={words('removeNamed', { name: itemTitle(index + 1) })} onClick={() => remove()} color="error">
      <RemoveIcon />
    </Button>
  );
}

export interface ItemsInputProps {
  source: string;
  decl: ItemsField;
  resource: ResourceDeclaration;
  /** The input of one of an item's fields, with `source` relative to the item (ArrayInput prefixes it). */
  inputOf: (inner: string, decl: ItemFieldDeclaration) => ReactElement | null;
}

export function ItemsInput({ source, decl, resource, inputOf }: ItemsInputProps) {
  const text = useResourceText(resource);
  const itemTitle = (n: number) => text(`fields.${source}.item`, { n });
  return (
    <ArrayInput source={source} label={text(`fields.${source}`)} defaultValue={[]} fullWidth>
      <SimpleFormIterator
        fullWidth
        disableClear
        disableReordering
        sx={ALWAYS_SHOWN}
        getItemLabel={(index) => itemTitle(index + 1)}
        addButton={<AddItem label={text(`fields.${source}.add`)} maxItems={decl.maxItems ?? DEFAULT_MAX_ITEMS} />}
        removeButton={<RemoveItem itemTitle={itemTitle} />}
      >
        {Object.entries(decl.fields).map(([inner, itemDecl]) => inputOf(inner, itemDecl))}
      </SimpleFormIterator>
    </ArrayInput>
  );
}
