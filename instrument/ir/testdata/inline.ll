; ModuleID = 'internal/testprog/testdata/attrib/inline.c'
source_filename = "internal/testprog/testdata/attrib/inline.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [4 x i8] c"%u\0A\00", align 1

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @caller(i32 noundef %0) #0 !dbg !16 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  store i32 %0, i32* %2, align 4, !tbaa !24
  call void @llvm.dbg.declare(metadata i32* %2, metadata !20, metadata !DIExpression()), !dbg !28
  %5 = bitcast i32* %3 to i8*, !dbg !29
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %5) #7, !dbg !29
  call void @llvm.dbg.declare(metadata i32* %3, metadata !21, metadata !DIExpression()), !dbg !30
  store i32 0, i32* %3, align 4, !dbg !30, !tbaa !24
  %6 = bitcast i32* %4 to i8*, !dbg !31
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %6) #7, !dbg !31
  call void @llvm.dbg.declare(metadata i32* %4, metadata !22, metadata !DIExpression()), !dbg !32
  store i32 0, i32* %4, align 4, !dbg !32, !tbaa !24
  br label %7, !dbg !31

7:                                                ; preds = %18, %1
  %8 = load i32, i32* %4, align 4, !dbg !33, !tbaa !24
  %9 = load i32, i32* %2, align 4, !dbg !35, !tbaa !24
  %10 = icmp ult i32 %8, %9, !dbg !36
  br i1 %10, label %13, label %11, !dbg !37

11:                                               ; preds = %7
  %12 = bitcast i32* %4 to i8*, !dbg !38
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %12) #7, !dbg !38
  br label %21

13:                                               ; preds = %7
  %14 = load i32, i32* %4, align 4, !dbg !39, !tbaa !24
  %15 = call i32 @hot(i32 noundef %14), !dbg !40
  %16 = load i32, i32* %3, align 4, !dbg !41, !tbaa !24
  %17 = add i32 %16, %15, !dbg !41
  store i32 %17, i32* %3, align 4, !dbg !41, !tbaa !24
  br label %18, !dbg !42

18:                                               ; preds = %13
  %19 = load i32, i32* %4, align 4, !dbg !43, !tbaa !24
  %20 = add i32 %19, 1, !dbg !43
  store i32 %20, i32* %4, align 4, !dbg !43, !tbaa !24
  br label %7, !dbg !38, !llvm.loop !44

21:                                               ; preds = %11
  %22 = load i32, i32* %3, align 4, !dbg !47, !tbaa !24
  %23 = bitcast i32* %3 to i8*, !dbg !48
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %23) #7, !dbg !48
  ret i32 %22, !dbg !49
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: nounwind uwtable
define internal i32 @hot(i32 noundef %0) #3 !dbg !50 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  store i32 %0, i32* %2, align 4, !tbaa !24
  call void @llvm.dbg.declare(metadata i32* %2, metadata !52, metadata !DIExpression()), !dbg !55
  %4 = bitcast i32* %3 to i8*, !dbg !56
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %4) #7, !dbg !56
  call void @llvm.dbg.declare(metadata i32* %3, metadata !53, metadata !DIExpression()), !dbg !57
  store i32 0, i32* %3, align 4, !dbg !57, !tbaa !24
  br label %5, !dbg !56

5:                                                ; preds = %17, %1
  %6 = load i32, i32* %3, align 4, !dbg !58, !tbaa !24
  %7 = icmp slt i32 %6, 64, !dbg !60
  br i1 %7, label %10, label %8, !dbg !61

8:                                                ; preds = %5
  %9 = bitcast i32* %3 to i8*, !dbg !62
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %9) #7, !dbg !62
  br label %20

10:                                               ; preds = %5
  %11 = load i32, i32* %2, align 4, !dbg !63, !tbaa !24
  %12 = mul i32 %11, 1103515245, !dbg !64
  %13 = add i32 %12, 12345, !dbg !65
  %14 = load i32, i32* %2, align 4, !dbg !66, !tbaa !24
  %15 = lshr i32 %14, 7, !dbg !67
  %16 = xor i32 %13, %15, !dbg !68
  store i32 %16, i32* %2, align 4, !dbg !69, !tbaa !24
  br label %17, !dbg !70

17:                                               ; preds = %10
  %18 = load i32, i32* %3, align 4, !dbg !71, !tbaa !24
  %19 = add nsw i32 %18, 1, !dbg !71
  store i32 %19, i32* %3, align 4, !dbg !71, !tbaa !24
  br label %5, !dbg !62, !llvm.loop !72

20:                                               ; preds = %8
  %21 = load i32, i32* %2, align 4, !dbg !74, !tbaa !24
  ret i32 %21, !dbg !75
}

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, i8** noundef %1) #3 !dbg !76 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i8**, align 8
  %6 = alloca i32, align 4
  store i32 0, i32* %3, align 4
  store i32 %0, i32* %4, align 4, !tbaa !24
  call void @llvm.dbg.declare(metadata i32* %4, metadata !80, metadata !DIExpression()), !dbg !83
  store i8** %1, i8*** %5, align 8, !tbaa !84
  call void @llvm.dbg.declare(metadata i8*** %5, metadata !81, metadata !DIExpression()), !dbg !86
  %7 = bitcast i32* %6 to i8*, !dbg !87
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %7) #7, !dbg !87
  call void @llvm.dbg.declare(metadata i32* %6, metadata !82, metadata !DIExpression()), !dbg !88
  %8 = load i32, i32* %4, align 4, !dbg !89, !tbaa !24
  %9 = icmp sgt i32 %8, 1, !dbg !90
  br i1 %9, label %10, label %15, !dbg !89

10:                                               ; preds = %2
  %11 = load i8**, i8*** %5, align 8, !dbg !91, !tbaa !84
  %12 = getelementptr inbounds i8*, i8** %11, i64 1, !dbg !91
  %13 = load i8*, i8** %12, align 8, !dbg !91, !tbaa !84
  %14 = call i32 @atoi(i8* noundef %13) #8, !dbg !92
  br label %16, !dbg !89

15:                                               ; preds = %2
  br label %16, !dbg !89

16:                                               ; preds = %15, %10
  %17 = phi i32 [ %14, %10 ], [ 1000, %15 ], !dbg !89
  store i32 %17, i32* %6, align 4, !dbg !88, !tbaa !24
  %18 = load i32, i32* %6, align 4, !dbg !93, !tbaa !24
  %19 = call i32 @caller(i32 noundef %18), !dbg !94
  %20 = call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), i32 noundef %19), !dbg !95
  %21 = bitcast i32* %6 to i8*, !dbg !96
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %21) #7, !dbg !96
  ret i32 0, !dbg !97
}

; Function Attrs: inlinehint nounwind readonly uwtable willreturn
define available_externally i32 @atoi(i8* noundef nonnull %0) #4 !dbg !98 {
  %2 = alloca i8*, align 8
  store i8* %0, i8** %2, align 8, !tbaa !84
  call void @llvm.dbg.declare(metadata i8** %2, metadata !105, metadata !DIExpression()), !dbg !106
  %3 = load i8*, i8** %2, align 8, !dbg !107, !tbaa !84
  %4 = call i64 @strtol(i8* noundef %3, i8** noundef null, i32 noundef 10) #7, !dbg !108
  %5 = trunc i64 %4 to i32, !dbg !109
  ret i32 %5, !dbg !110
}

declare i32 @printf(i8* noundef, ...) #5

; Function Attrs: nounwind
declare i64 @strtol(i8* noundef, i8** noundef, i32 noundef) #6

attributes #0 = { noinline nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { argmemonly nofree nosync nounwind willreturn }
attributes #3 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { inlinehint nounwind readonly uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nounwind "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nounwind }
attributes #8 = { nounwind readonly willreturn }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9, !10, !11, !12, !13, !14}
!llvm.ident = !{!15}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "internal/testprog/testdata/attrib/inline.c", directory: "/src", checksumkind: CSK_MD5, checksum: "47cd9f13f19ef428811d223b9dba491a")
!2 = !{!3, !4, !5, !8}
!3 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!7 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!8 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!9 = !{i32 7, !"Dwarf Version", i32 5}
!10 = !{i32 2, !"Debug Info Version", i32 3}
!11 = !{i32 1, !"wchar_size", i32 4}
!12 = !{i32 7, !"PIC Level", i32 2}
!13 = !{i32 7, !"PIE Level", i32 2}
!14 = !{i32 7, !"uwtable", i32 1}
!15 = !{!"Debian clang version 14.0.6"}
!16 = distinct !DISubprogram(name: "caller", scope: !1, file: !1, line: 15, type: !17, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !19)
!17 = !DISubroutineType(types: !18)
!18 = !{!3, !3}
!19 = !{!20, !21, !22}
!20 = !DILocalVariable(name: "n", arg: 1, scope: !16, file: !1, line: 15, type: !3)
!21 = !DILocalVariable(name: "s", scope: !16, file: !1, line: 17, type: !3)
!22 = !DILocalVariable(name: "i", scope: !23, file: !1, line: 18, type: !3)
!23 = distinct !DILexicalBlock(scope: !16, file: !1, line: 18, column: 2)
!24 = !{!25, !25, i64 0}
!25 = !{!"int", !26, i64 0}
!26 = !{!"omnipotent char", !27, i64 0}
!27 = !{!"Simple C/C++ TBAA"}
!28 = !DILocation(line: 15, column: 52, scope: !16)
!29 = !DILocation(line: 17, column: 2, scope: !16)
!30 = !DILocation(line: 17, column: 11, scope: !16)
!31 = !DILocation(line: 18, column: 7, scope: !23)
!32 = !DILocation(line: 18, column: 16, scope: !23)
!33 = !DILocation(line: 18, column: 23, scope: !34)
!34 = distinct !DILexicalBlock(scope: !23, file: !1, line: 18, column: 2)
!35 = !DILocation(line: 18, column: 27, scope: !34)
!36 = !DILocation(line: 18, column: 25, scope: !34)
!37 = !DILocation(line: 18, column: 2, scope: !23)
!38 = !DILocation(line: 18, column: 2, scope: !34)
!39 = !DILocation(line: 19, column: 12, scope: !34)
!40 = !DILocation(line: 19, column: 8, scope: !34)
!41 = !DILocation(line: 19, column: 5, scope: !34)
!42 = !DILocation(line: 19, column: 3, scope: !34)
!43 = !DILocation(line: 18, column: 31, scope: !34)
!44 = distinct !{!44, !37, !45, !46}
!45 = !DILocation(line: 19, column: 13, scope: !23)
!46 = !{!"llvm.loop.mustprogress"}
!47 = !DILocation(line: 20, column: 9, scope: !16)
!48 = !DILocation(line: 21, column: 1, scope: !16)
!49 = !DILocation(line: 20, column: 2, scope: !16)
!50 = distinct !DISubprogram(name: "hot", scope: !1, file: !1, line: 8, type: !17, scopeLine: 9, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !51)
!51 = !{!52, !53}
!52 = !DILocalVariable(name: "x", arg: 1, scope: !50, file: !1, line: 8, type: !3)
!53 = !DILocalVariable(name: "i", scope: !54, file: !1, line: 10, type: !4)
!54 = distinct !DILexicalBlock(scope: !50, file: !1, line: 10, column: 2)
!55 = !DILocation(line: 8, column: 30, scope: !50)
!56 = !DILocation(line: 10, column: 7, scope: !54)
!57 = !DILocation(line: 10, column: 11, scope: !54)
!58 = !DILocation(line: 10, column: 18, scope: !59)
!59 = distinct !DILexicalBlock(scope: !54, file: !1, line: 10, column: 2)
!60 = !DILocation(line: 10, column: 20, scope: !59)
!61 = !DILocation(line: 10, column: 2, scope: !54)
!62 = !DILocation(line: 10, column: 2, scope: !59)
!63 = !DILocation(line: 11, column: 8, scope: !59)
!64 = !DILocation(line: 11, column: 10, scope: !59)
!65 = !DILocation(line: 11, column: 24, scope: !59)
!66 = !DILocation(line: 11, column: 37, scope: !59)
!67 = !DILocation(line: 11, column: 39, scope: !59)
!68 = !DILocation(line: 11, column: 34, scope: !59)
!69 = !DILocation(line: 11, column: 5, scope: !59)
!70 = !DILocation(line: 11, column: 3, scope: !59)
!71 = !DILocation(line: 10, column: 27, scope: !59)
!72 = distinct !{!72, !61, !73, !46}
!73 = !DILocation(line: 11, column: 43, scope: !54)
!74 = !DILocation(line: 12, column: 9, scope: !50)
!75 = !DILocation(line: 12, column: 2, scope: !50)
!76 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 23, type: !77, scopeLine: 24, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !79)
!77 = !DISubroutineType(types: !78)
!78 = !{!4, !4, !5}
!79 = !{!80, !81, !82}
!80 = !DILocalVariable(name: "argc", arg: 1, scope: !76, file: !1, line: 23, type: !4)
!81 = !DILocalVariable(name: "argv", arg: 2, scope: !76, file: !1, line: 23, type: !5)
!82 = !DILocalVariable(name: "n", scope: !76, file: !1, line: 25, type: !3)
!83 = !DILocation(line: 23, column: 14, scope: !76)
!84 = !{!85, !85, i64 0}
!85 = !{!"any pointer", !26, i64 0}
!86 = !DILocation(line: 23, column: 27, scope: !76)
!87 = !DILocation(line: 25, column: 2, scope: !76)
!88 = !DILocation(line: 25, column: 11, scope: !76)
!89 = !DILocation(line: 25, column: 15, scope: !76)
!90 = !DILocation(line: 25, column: 20, scope: !76)
!91 = !DILocation(line: 25, column: 41, scope: !76)
!92 = !DILocation(line: 25, column: 36, scope: !76)
!93 = !DILocation(line: 26, column: 24, scope: !76)
!94 = !DILocation(line: 26, column: 17, scope: !76)
!95 = !DILocation(line: 26, column: 2, scope: !76)
!96 = !DILocation(line: 28, column: 1, scope: !76)
!97 = !DILocation(line: 27, column: 2, scope: !76)
!98 = distinct !DISubprogram(name: "atoi", scope: !99, file: !99, line: 362, type: !100, scopeLine: 363, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !104)
!99 = !DIFile(filename: "/usr/include/stdlib.h", directory: "/src", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!100 = !DISubroutineType(types: !101)
!101 = !{!4, !102}
!102 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !103, size: 64)
!103 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !7)
!104 = !{!105}
!105 = !DILocalVariable(name: "__nptr", arg: 1, scope: !98, file: !99, line: 362, type: !102)
!106 = !DILocation(line: 362, column: 1, scope: !98)
!107 = !DILocation(line: 364, column: 24, scope: !98)
!108 = !DILocation(line: 364, column: 16, scope: !98)
!109 = !DILocation(line: 364, column: 10, scope: !98)
!110 = !DILocation(line: 364, column: 3, scope: !98)
