'use client';
import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { inputClass } from '@/components/ui/Field';

type Props = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'> & { toggleLabel?: string };

export function PasswordInput({ toggleLabel = 'password', ...props }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`${inputClass} pr-10`} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500 hover:text-slate-700"
        aria-label={visible ? `Sembunyikan ${toggleLabel}` : `Tampilkan ${toggleLabel}`}
      >
        {visible ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
      </button>
    </div>
  );
}
