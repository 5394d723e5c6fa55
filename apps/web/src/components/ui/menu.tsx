import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import './menu.css';

export interface MenuItem {
  id: string;
  label: string;
}

interface MenuButtonProps {
  /** The button's text, also the menu's accessible name. */
  label: string;
  items: readonly MenuItem[];
  onSelect: (id: string) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * A button that opens a short list of choices (the WAI-ARIA menu button pattern): Enter, Space or Arrow Down
 * open it on the first item, Arrow Up on the last; arrows, Home and End move, Enter chooses, Escape and Tab
 * close it, and focus returns to the button.
 */
export function MenuButton({
  label,
  items,
  onSelect,
  disabled,
  className = 'button secondary',
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonId = useId();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (id: string) => {
    close();
    onSelect(id);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') show(0);
    else if (event.key === 'ArrowUp') show(items.length - 1);
    else return;
    event.preventDefault();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const last = items.length - 1;
    if (event.key === 'ArrowDown') setActive((i) => (i === last ? 0 : i + 1));
    else if (event.key === 'ArrowUp') setActive((i) => (i === 0 ? last : i - 1));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(last);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') return close(false);
    else return;
    event.preventDefault();
  };

  return (
    <div className="menu" ref={root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => (open ? close() : show(0))}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className="menu-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul
          ref={list}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="menu-list"
          onKeyDown={onMenuKey}
        >
          {items.map((item, index) => (
            <li key={item.id} role="none">
              <button
                type="button"
                role="menuitem"
                className="menu-item"
                tabIndex={index === active ? 0 : -1}
                onClick={() => choose(item.id)}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
