import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box above a paged admin list (pair it with useDebouncedSearch). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ flex: '1 1 220px' }}
    />
  );
}
