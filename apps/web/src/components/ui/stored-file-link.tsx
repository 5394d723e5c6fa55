import type { StoredFileInfo } from '@exam/contracts';
import { useState } from 'react';
import { requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';
import { Notice } from './page.tsx';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A file a job made for the user (contracts' storedFile): a download button, its size and until when it is
 * kept. The file is fetched with the bearer header (never a token in a link) and saved from memory.
 */
export function StoredFileLink({ file }: { file: StoredFileInfo }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const download = async () => {
    setBusy(true);
    setFailure('');
    try {
      // `url` is the API's own address (/api/file/...); requests are made relative to /api.
      const response = await requestFile(file.url.replace(/^\/api(?=\/)/, ''));
      saveFile(await response.blob(), attachmentName(response, file.name));
    } catch (error) {
      setFailure(`The file could not be downloaded: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stored-file">
      <button type="button" className="button primary" onClick={download} disabled={busy}>
        Download {file.name}
      </button>{' '}
      <span className="field-note">
        {sizeText(file.size)}, kept for you until {dateFormat.format(new Date(file.expires_at))}
      </span>
      {failure && <Notice kind="error">{failure}</Notice>}
    </div>
  );
}
