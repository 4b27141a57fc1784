import {
  type ContactImport,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  type ImportExisting,
  type OrganizationSummary,
  planUnlocks,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { UpgradePrompt } from '../../billing/components/upgrade-prompt'
import { topicQueries } from '../api/audience'
import { useStartImport } from '../api/transfer'
import styles from '../components/audience.module.css'
import { type ColumnChoice, columnsOption, mappingProblems, suggestMapping } from './column-mapping'
import { type CsvPreview, readPreview } from './csv-preview'
import importStyles from './import.module.css'
import { ImportOptions } from './import-options'
import { ImportProgress } from './import-progress'
import { MappingTable } from './mapping-table'
import { bytesText, UploadError, type UploadProgress } from './upload'

const TITLE = 'Import contacts'

interface Chosen {
  file: File
  preview: CsvPreview
}

/** `/app/audience/contacts/import`: choose a CSV, map its columns, upload it to S3 and follow the import job. */
export function ImportPage({ organization }: { organization: OrganizationSummary }) {
  return (
    <div className={pageStyles.page}>
      <Link to={paths.contacts()} className={pageStyles.back}>
        ← Contacts
      </Link>
      <header className={pageStyles.header}>
        <h1>{TITLE}</h1>
        <p className={pageStyles.lead}>
          A CSV file (or .csv.gz, or a .zip holding one CSV) of up to {bytesText(IMPORT_MAX_BYTES)}: a header
          row, then one contact per row. Commas, semicolons or tabs; quoted fields and any language welcome.
        </p>
      </header>
      {planUnlocks(organization.plan, 'audience') ? (
        <Importer organizationId={organization.id} />
      ) : (
        <UpgradePrompt feature="audience" organization={organization}>
          Import your contacts from a CSV file, with the topics they chose.
        </UpgradePrompt>
      )}
    </div>
  )
}

function Importer({ organizationId }: { organizationId: string }) {
  const [chosen, setChosen] = useState<Chosen>()
  const [started, setStarted] = useState<ContactImport>()
  const [fileProblem, setFileProblem] = useState<string>()
  const [reading, setReading] = useState(false)

  async function choose(file: File | undefined) {
    setFileProblem(undefined)
    setChosen(undefined)
    if (!file) return
    if (file.size > IMPORT_MAX_BYTES) {
      setFileProblem(
        `The file is ${bytesText(file.size)}: an import takes at most ${bytesText(IMPORT_MAX_BYTES)}. Split it in parts.`,
      )
      return
    }
    setReading(true)
    try {
      const preview = await readPreview(file)
      if (preview.headers.length === 0) setFileProblem('The file is empty.')
      else if (preview.headers.length > IMPORT_MAX_COLUMNS)
        setFileProblem(
          `The file has ${preview.headers.length} columns; an import reads at most ${IMPORT_MAX_COLUMNS}.`,
        )
      else setChosen({ file, preview })
    } catch (error) {
      setFileProblem(
        /\.zip$/i.test(file.name) && error instanceof Error && error.message.startsWith('The zip archive')
          ? error.message
          : 'The file could not be read as CSV text (or gzip-compressed CSV, or a zip archive holding one CSV).',
      )
    } finally {
      setReading(false)
    }
  }

  if (started) {
    return (
      <ImportProgress
        organizationId={organizationId}
        started={started}
        onAnother={() => {
          setStarted(undefined)
          setChosen(undefined)
        }}
      />
    )
  }
  return (
    <>
      <Card title="1. Choose the file">
        <div className={styles.form}>
          <label className={styles.fieldset}>
            <span className={styles.name}>CSV file</span>
            <input
              className={importStyles.fileInput}
              type="file"
              accept=".csv,.txt,.gz,.zip,text/csv,text/plain,application/gzip,application/zip"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </label>
          {reading && <p className={styles.muted}>Reading the first rows…</p>}
          {fileProblem && (
            <Alert tone="danger" role="alert" title="This file cannot be imported">
              {fileProblem}
            </Alert>
          )}
        </div>
      </Card>
      {chosen && (
        <MappingStep
          key={`${chosen.file.name}-${chosen.file.size}-${chosen.file.lastModified}`}
          organizationId={organizationId}
          chosen={chosen}
          onStarted={setStarted}
        />
      )}
    </>
  )
}

function MappingStep({
  organizationId,
  chosen,
  onStarted,
}: {
  organizationId: string
  chosen: Chosen
  onStarted: (started: ContactImport) => void
}) {
  const { file, preview } = chosen
  const topics = useQuery(topicQueries.list(organizationId))
  const [choices, setChoices] = useState<ColumnChoice[]>(() => suggestMapping(preview.headers))
  const [topicIds, setTopicIds] = useState<string[]>([])
  const [existing, setExisting] = useState<ImportExisting>('skip')
  const [progress, setProgress] = useState<UploadProgress>()
  const [showProblems, setShowProblems] = useState(false)
  const start = useStartImport(organizationId)
  const problems = mappingProblems(preview.headers, choices)
  const valid = !problems.overall && Object.keys(problems.columns).length === 0

  function submit() {
    setShowProblems(true)
    if (!valid) return
    start.mutate(
      {
        file,
        options: { columns: columnsOption(preview.headers, choices), topicIds, existing },
        onProgress: setProgress,
      },
      { onSuccess: onStarted },
    )
  }

  return (
    <>
      <Card
        title="2. Map the columns"
        description={`${file.name} · ${bytesText(file.size)} · ${preview.headers.length} ${preview.headers.length === 1 ? 'column' : 'columns'} · the first ${preview.rows.length} ${preview.rows.length === 1 ? 'row' : 'rows'}, separated by ${preview.delimiter === '\t' ? 'tabs' : `“${preview.delimiter}”`}. Attributes become template variables.`}
      >
        <MappingTable
          preview={preview}
          choices={choices}
          problems={showProblems ? problems.columns : {}}
          onChange={setChoices}
        />
        {showProblems && problems.overall && (
          <Alert tone="danger" role="alert">
            {problems.overall}
          </Alert>
        )}
      </Card>
      <Card title="3. Options">
        <ImportOptions
          topics={topics.data ?? []}
          topicIds={topicIds}
          onTopicIds={setTopicIds}
          existing={existing}
          onExisting={setExisting}
        />
      </Card>
      <div className={styles.form}>
        {start.isPending && progress && (
          <div className={styles.fieldset}>
            <span id="upload-label">
              Uploading {bytesText(progress.loaded)} of {bytesText(progress.total)}
            </span>
            <progress
              className={importStyles.progress}
              aria-labelledby="upload-label"
              max={Math.max(progress.total, 1)}
              value={progress.loaded}
            />
          </div>
        )}
        {start.error !== null && (
          <Alert tone="danger" role="alert" title="The import did not start">
            {start.error instanceof UploadError ? start.error.message : errorMessage(start.error)}
          </Alert>
        )}
        <div className={pageStyles.toolbar}>
          <Button onClick={submit} loading={start.isPending}>
            Upload and import
          </Button>
        </div>
      </div>
    </>
  )
}
