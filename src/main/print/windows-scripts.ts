// The two Windows PowerShell scripts behind windows:PRINTER targets (issue #30), kept apart
// from the transport so the transport reads as the CUPS one does. They use only what Windows
// 10 and 11 ship: Windows PowerShell 5.1 (powershell.exe, .NET Framework 4), System.Printing
// for the spooler's view of the queue, Windows.Data.Pdf (the PDF renderer Windows itself uses)
// and System.Drawing.Printing for the job. No third-party program is bundled or started.
//
// Nothing reaches them through their text: the printer's name, the title, the paper and the
// copies come in environment variables, the PDF on stdin — so no name can inject PowerShell.
//
// UNTESTED ON REAL WINDOWS in this repository's suite (it runs on Linux); the unit tests check
// what the transport sends and how it reads the answers. See docs/printing.md.

/** Exit statuses the scripts use for what is not worth a retry. */
export const WINDOWS_EXIT = { noSuchPrinter: 3, noSuchPaper: 4, notAPdf: 5 } as const;

// System.Printing's PrintQueue for a local printer or a connection (\\SERVER\NAME); its
// QueueStatus is the spooler's PRINTER_STATUS_* flags, decoded in windows-printer.ts.
export const STATUS_SCRIPT = `
$ErrorActionPreference = 'Stop'
Add-Type -AssemblyName System.Printing
$name = $env:PACKBENCH_PRINTER
try {
  if ($name.StartsWith('\\\\')) {
    $cut = $name.IndexOf('\\', 2)
    $server = New-Object System.Printing.PrintServer($name.Substring(0, $cut))
    $queue = $server.GetPrintQueue($name.Substring($cut + 1))
  } else {
    $server = New-Object System.Printing.LocalPrintServer
    $queue = $server.GetPrintQueue($name)
  }
  $queue.Refresh()
} catch {
  [Console]::Out.Write('{"found":false}')
  exit 0
}
[Console]::Out.Write((@{ found = $true; status = [int]$queue.QueueStatus; jobs = [int]$queue.NumberOfJobs } | ConvertTo-Json -Compress))
`;

// Renders each page with Windows.Data.Pdf at 300 dpi (a PDF page's size is in 1/96 inch) and
// draws it over the whole sheet of a PrintDocument bound to the printer; copies by the driver
// when it can make them (one job, collated), otherwise by drawing the pages again in the same
// job.
export const PRINT_SCRIPT = `
$ErrorActionPreference = 'Stop'
Add-Type -AssemblyName System.Drawing
Add-Type -AssemblyName System.Runtime.WindowsRuntime
$null = [Windows.Data.Pdf.PdfDocument, Windows.Data.Pdf, ContentType = WindowsRuntime]
$null = [Windows.Data.Pdf.PdfPageRenderOptions, Windows.Data.Pdf, ContentType = WindowsRuntime]
$null = [Windows.Storage.Streams.InMemoryRandomAccessStream, Windows.Storage.Streams, ContentType = WindowsRuntime]
$methods = [System.WindowsRuntimeSystemExtensions].GetMethods() | Where-Object { $_.Name -eq 'AsTask' -and $_.GetParameters().Count -eq 1 }
$asTaskOf = $methods | Where-Object { $_.GetParameters()[0].ParameterType.Name -eq 'IAsyncOperation\`1' } | Select-Object -First 1
$asTask = $methods | Where-Object { $_.GetParameters()[0].ParameterType.Name -eq 'IAsyncAction' } | Select-Object -First 1
function Await($operation, [Type]$type) {
  $task = $asTaskOf.MakeGenericMethod($type).Invoke($null, @($operation))
  $task.Wait()
  $task.Result
}

$settings = New-Object System.Drawing.Printing.PrinterSettings
$settings.PrinterName = $env:PACKBENCH_PRINTER
if (-not $settings.IsValid) { [Console]::Error.Write('no such printer'); exit ${WINDOWS_EXIT.noSuchPrinter} }

$received = New-Object System.IO.MemoryStream
[Console]::OpenStandardInput().CopyTo($received)
$received.Position = 0
try {
  $source = [System.IO.WindowsRuntimeStreamExtensions]::AsRandomAccessStream($received)
  $pdf = Await ([Windows.Data.Pdf.PdfDocument]::LoadFromStreamAsync($source)) ([Windows.Data.Pdf.PdfDocument])
} catch { [Console]::Error.Write('Windows cannot read the PDF'); exit ${WINDOWS_EXIT.notAPdf} }

$document = New-Object System.Drawing.Printing.PrintDocument
$document.PrinterSettings = $settings
$document.DocumentName = $env:PACKBENCH_TITLE
$document.PrintController = New-Object System.Drawing.Printing.StandardPrintController
$copies = [int]$env:PACKBENCH_COPIES
if ($settings.MaximumCopies -ge $copies) {
  $settings.Copies = [int16]$copies
  $settings.Collate = $true
  $repeat = 1
} else { $repeat = $copies }
if ($env:PACKBENCH_MEDIA) {
  $paper = $settings.PaperSizes | Where-Object { $_.Kind -eq [System.Drawing.Printing.PaperKind]::($env:PACKBENCH_MEDIA) } | Select-Object -First 1
  if ($null -eq $paper) { [Console]::Error.Write("no $($env:PACKBENCH_MEDIA) paper"); exit ${WINDOWS_EXIT.noSuchPaper} }
  $document.DefaultPageSettings.PaperSize = $paper
}
$script:next = 0
$total = $pdf.PageCount * $repeat
$document.add_PrintPage({
  param($sender, $page)
  $pdfPage = $pdf.GetPage([uint32]($script:next % $pdf.PageCount))
  $options = New-Object Windows.Data.Pdf.PdfPageRenderOptions
  $options.DestinationWidth = [uint32]($pdfPage.Size.Width * 300 / 96)
  $options.DestinationHeight = [uint32]($pdfPage.Size.Height * 300 / 96)
  $png = New-Object Windows.Storage.Streams.InMemoryRandomAccessStream
  $asTask.Invoke($null, @($pdfPage.RenderToStreamAsync($png, $options))).Wait()
  $png.Seek(0)
  $image = [System.Drawing.Image]::FromStream([System.IO.WindowsRuntimeStreamExtensions]::AsStreamForRead($png))
  # The page's corner, not the printable area's: the PDF already has its own margins.
  $page.Graphics.TranslateTransform(-$page.PageSettings.HardMarginX, -$page.PageSettings.HardMarginY)
  $page.Graphics.DrawImage($image, $page.PageBounds)
  $image.Dispose()
  $pdfPage.Dispose()
  $script:next++
  $page.HasMorePages = $script:next -lt $total
})
$document.Print()
`;

/** What powershell.exe's -EncodedCommand takes: the script in UTF-16LE, base64. */
export const encodeScript = (script: string): string =>
  Buffer.from(script, 'utf16le').toString('base64');
