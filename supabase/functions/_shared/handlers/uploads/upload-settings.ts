// The admin's settings that decide whether an upload may start: maintenance, the size limit and the
// allowed types, read from the database on every create (the page only displays them).
import { isTypeAllowed, maxFileBytes, type ServiceSettings } from '../../domain/service-settings.ts';
import { HttpError } from '../../http.ts';
import type { AnnouncedFile } from './upload-input.ts';

/** New uploads and transfers are refused (503) while the admin's maintenance mode is on. */
export function refuseDuringMaintenance(settings: ServiceSettings): void {
  if (settings.maintenanceMode) {
    throw new HttpError(
      503,
      'maintenance',
      'The service is in maintenance: new uploads are paused. Downloads keep working; please try again later.',
    );
  }
}

export function enforceSettings(settings: ServiceSettings, file: AnnouncedFile): void {
  refuseDuringMaintenance(settings);
  const maxBytes = maxFileBytes(settings);
  if (file.size > maxBytes) {
    throw new HttpError(
      413,
      'file_too_large',
      `This file is larger than ${settings.maxFileSizeGb} GB, the limit per file.`,
      { maxBytes, maxGb: settings.maxFileSizeGb },
    );
  }
  if (!isTypeAllowed(settings, file.name, file.type)) {
    throw new HttpError(415, 'type_not_allowed', `Files of this type (${file.type}) are not accepted here.`, {
      type: file.type,
      allowed: settings.allowedFileTypes,
    });
  }
}
